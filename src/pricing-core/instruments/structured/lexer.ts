// Tokeniser of the payoff language's text syntax. Pulled one token at a time by the parser
// (so a statement such as `basis ACT/365F` can take the rest of its line raw). Tracks line and
// column (1-based) for every token; newlines are tokens except inside () and [], which lets
// a long expression span lines. Comments run from `#` to the end of the line.
import { TENOR_UNITS, type TenorUnit } from './ast';
import { type Diagnostic, diag } from './diagnostics';
import type { Loc } from './ast';

export type TokenKind = 'num' | 'date' | 'tenor' | 'ident' | 'string' | 'op' | 'newline' | 'eof' | 'bad';

export interface Token {
  kind: TokenKind;
  text: string;
  /** num: the value; tenor: n. */
  value?: number;
  unit?: TenorUnit;
  line: number;
  column: number;
  offset: number;
}

const OPS2 = ['==', '!=', '<=', '>=', '&&', '||'];
const OPS1 = '+-*/()[],:=<>%{}';

const isDigit = (c: string) => c >= '0' && c <= '9';
const isIdentStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentPart = (c: string) => isIdentStart(c) || isDigit(c);

/** Days in a month of the proleptic Gregorian calendar. */
function validIsoDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number);
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const dim = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return d <= dim;
}

export class Lexer {
  private pos = 0;
  private line = 1;
  private col = 1;
  private depth = 0;
  private buffered: Token | undefined;

  constructor(
    private readonly src: string,
    private readonly diagnostics: Diagnostic[],
    /** Maps a line/column to the Loc reported (text: itself; JSON strings: path + column). */
    readonly locOf: (line: number, column: number) => Loc = (line, column) => ({ line, column }),
  ) {}

  peek(): Token {
    if (!this.buffered) this.buffered = this.scan();
    return this.buffered;
  }

  next(): Token {
    const t = this.peek();
    this.buffered = undefined;
    return t;
  }

  /** The raw text from the next token to the end of the line (comment excluded), trimmed. */
  restOfLine(): { text: string; line: number; column: number } {
    if (this.buffered) {
      this.pos = this.buffered.offset;
      this.line = this.buffered.line;
      this.col = this.buffered.column;
      if (this.buffered.kind === 'op' && (this.buffered.text === '(' || this.buffered.text === '[')) this.depth--;
      this.buffered = undefined;
    }
    while (this.pos < this.src.length && (this.src[this.pos] === ' ' || this.src[this.pos] === '\t')) this.advance();
    const line = this.line, column = this.col;
    let text = '';
    while (this.pos < this.src.length && this.src[this.pos] !== '\n' && this.src[this.pos] !== '#') text += this.advance();
    return { text: text.trimEnd(), line, column };
  }

  private advance(): string {
    const c = this.src[this.pos++];
    if (c === '\n') {
      this.line++;
      this.col = 1;
    } else {
      this.col++;
    }
    return c;
  }

  private error(code: 'UNEXPECTED_CHARACTER' | 'UNTERMINATED_STRING' | 'INVALID_DATE' | 'TERM_ERROR', line: number, column: number, params: Record<string, string>) {
    this.diagnostics.push(diag(code, this.locOf(line, column), params));
  }

  private scan(): Token {
    for (;;) {
      // Skip blanks and comments; newlines inside brackets are blanks too.
      while (this.pos < this.src.length) {
        const c = this.src[this.pos];
        if (c === ' ' || c === '\t' || c === '\r' || (c === '\n' && this.depth > 0)) this.advance();
        else if (c === '#') while (this.pos < this.src.length && this.src[this.pos] !== '\n') this.advance();
        else break;
      }
      const line = this.line, column = this.col, offset = this.pos;
      const tok = (kind: TokenKind, text: string, extra: Partial<Token> = {}): Token => ({ kind, text, line, column, offset, ...extra });
      if (this.pos >= this.src.length) return tok('eof', '');
      const c = this.src[this.pos];
      if (c === '\n') {
        this.advance();
        return tok('newline', '\n');
      }
      if (isDigit(c)) return this.number(tok);
      if (c === '.' && isDigit(this.src[this.pos + 1] ?? '')) return this.number(tok);
      if (isIdentStart(c)) {
        let text = '';
        while (this.pos < this.src.length && isIdentPart(this.src[this.pos])) text += this.advance();
        return tok('ident', text);
      }
      if (c === '"') {
        this.advance();
        let text = '';
        while (this.pos < this.src.length && this.src[this.pos] !== '"' && this.src[this.pos] !== '\n') text += this.advance();
        if (this.src[this.pos] !== '"') {
          this.error('UNTERMINATED_STRING', line, column, {});
          return tok('string', text);
        }
        this.advance();
        return tok('string', text);
      }
      const two = this.src.slice(this.pos, this.pos + 2);
      if (OPS2.includes(two)) {
        this.advance();
        this.advance();
        return tok('op', two === '&&' ? 'and' : two === '||' ? 'or' : two);
      }
      if (OPS1.includes(c)) {
        this.advance();
        if (c === '(' || c === '[') this.depth++;
        if ((c === ')' || c === ']') && this.depth > 0) this.depth--;
        return tok('op', c);
      }
      this.advance();
      this.error('UNEXPECTED_CHARACTER', line, column, { char: c });
    }
  }

  /** A number, an ISO date (2025-01-06) or a term (3M, 5BD); a number glued to other letters is a term error. */
  private number(tok: (kind: TokenKind, text: string, extra?: Partial<Token>) => Token): Token {
    const start = this.pos;
    const rest = this.src.slice(start);
    const date = /^\d{4}-\d{2}-\d{2}(?![\dA-Za-z])/.exec(rest);
    if (date) {
      for (let i = 0; i < date[0].length; i++) this.advance();
      if (!validIsoDate(date[0])) {
        const t = tok('bad', date[0]);
        this.error('INVALID_DATE', t.line, t.column, { text: date[0] });
        return t;
      }
      return tok('date', date[0]);
    }
    const num = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(rest)!;
    for (let i = 0; i < num[0].length; i++) this.advance();
    let letters = '';
    while (this.pos < this.src.length && isIdentPart(this.src[this.pos])) letters += this.advance();
    const text = num[0] + letters;
    if (!letters) return tok('num', text, { value: Number(num[0]) });
    const unit = letters.toUpperCase();
    const whole = /^\d+$/.test(num[0]);
    if (whole && (TENOR_UNITS as readonly string[]).includes(unit) && Number(num[0]) > 0) {
      return tok('tenor', text, { value: Number(num[0]), unit: unit as TenorUnit });
    }
    const t = tok('bad', text);
    this.error('TERM_ERROR', t.line, t.column, { text });
    return t;
  }
}
