// Cuts a byte stream into pieces of whole lines, which can then be decoded and split anywhere
// (on this thread or a worker), giving exactly the lines node:readline gives with
// `crlfDelay: Infinity` (the price CLI used readline, and output line n must keep answering
// input line n whatever the line ends): a line ends at \n, \r\n or a lone \r; a \r\n split
// across two chunks is one end; bytes are UTF-8 with replacement characters; an unterminated
// last line is still a line, and an incomplete UTF-8 sequence at the very end is dropped.
// A piece always ends just after a line-end byte (ASCII, so never inside a UTF-8 sequence and
// never with bytes pending in a decoder), hence each piece decodes on its own.
// json-lines.test.ts checks all of it against readline itself.
import { StringDecoder } from 'node:string_decoder';

const LF = 10, CR = 13;

export class LineCutter {
  private pending: Buffer | null = null;
  private sawReturn = false;

  /** The whole lines this chunk completes (one piece, ending with a line end), or null. */
  push(chunk: Buffer): Buffer | null {
    // A \r ended the previous chunk: a \n starting this one belongs to it. Like readline, any
    // chunk after it (even an empty one) ends that wait.
    if (this.sawReturn) {
      if (chunk.length > 0 && chunk[0] === LF) chunk = chunk.subarray(1);
      this.sawReturn = false;
    }
    if (chunk.length === 0) return null;
    this.sawReturn = chunk[chunk.length - 1] === CR;
    const end = Math.max(chunk.lastIndexOf(LF), chunk.lastIndexOf(CR)) + 1;
    if (end === 0) {
      this.pending = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
      return null;
    }
    const piece = this.pending ? Buffer.concat([this.pending, chunk.subarray(0, end)]) : chunk.subarray(0, end);
    this.pending = end < chunk.length ? chunk.subarray(end) : null;
    return piece;
  }

  /** At the end of input: the unterminated last line's bytes, or null. */
  end(): Buffer | null {
    const last = this.pending;
    this.pending = null;
    return last;
  }
}

/** The lines of a piece from LineCutter (push or end), decoded as readline decodes them. */
export function linesOf(piece: Uint8Array): string[] {
  // StringDecoder (not toString) so that an incomplete sequence at the very end is dropped.
  const s = new StringDecoder('utf8').write(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
  const lines: string[] = [];
  let start = 0;
  if (s.indexOf('\r') === -1) {
    for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', start)) {
      lines.push(s.slice(start, i));
      start = i + 1;
    }
  } else {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === LF || c === CR) {
        lines.push(s.slice(start, i));
        if (c === CR && s.charCodeAt(i + 1) === LF) i++;
        start = i + 1;
      }
    }
  }
  if (start < s.length) lines.push(s.slice(start)); // only in the last piece
  return lines;
}
