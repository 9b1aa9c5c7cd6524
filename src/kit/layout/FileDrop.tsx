// Take a file by drag-and-drop or by a button that opens the file chooser (keyboard:
// Tab to the button, Enter). What the file is gets checked by its content by whoever
// reads it (grid/io sniffs), never by its name; `accept` only narrows the chooser.
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useStrings } from '../i18n';
import { kitStrings } from '../strings';
import './layout.css';

export interface FileDropProps {
  onFile: (file: File) => void;
  /** Shown to the user, e.g. `CSV, XLSX`. */
  types: string;
  /** Narrows the chooser (e.g. `.csv,.tsv,.txt,.xlsx`); not a check. */
  accept?: string;
  /** Bytes; larger files are refused with a message. */
  maxBytes?: number;
  /** Name of the chooser button (default: "choose a file"). */
  label?: string;
  compact?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}

const size = (n: number) => (n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${+(n / 1024).toFixed(1)} KB` : `${n} B`);

/** Drag-and-drop handlers for any element (the grid uses them on its body). */
export function useFileDrop(onFile: (f: File) => void, enabled = true) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
  return {
    over,
    handlers: enabled
      ? {
          onDragEnter(e: DragEvent) {
            if (!hasFiles(e)) return;
            e.preventDefault();
            depth.current++;
            setOver(true);
          },
          onDragOver(e: DragEvent) {
            if (!hasFiles(e)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
          },
          onDragLeave() {
            depth.current = Math.max(0, depth.current - 1);
            if (depth.current === 0) setOver(false);
          },
          onDrop(e: DragEvent) {
            if (!hasFiles(e)) return;
            e.preventDefault();
            depth.current = 0;
            setOver(false);
            const f = e.dataTransfer.files?.[0];
            if (f) onFile(f);
          },
        }
      : {},
  };
}

export function FileDrop(p: FileDropProps) {
  const { t } = useStrings(kitStrings);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const take = (f: File) => {
    if (p.maxBytes !== undefined && f.size > p.maxBytes) {
      setError(t('file.tooBig', { max: size(p.maxBytes) }));
      return;
    }
    setError(null);
    p.onFile(f);
  };
  const drop = useFileDrop(take, !p.disabled);
  return (
    <div className={`kit-drop${drop.over ? ' kit-drop--over' : ''}${p.compact ? ' kit-drop--compact' : ''}`} {...drop.handlers}>
      <span className="kit-drop__text">{t('file.drop')}</span>{' '}
      <button type="button" className="btn kit-drop__btn" disabled={p.disabled} onClick={() => input.current?.click()}>
        {p.label ?? t('file.choose')}
      </button>
      <span className="kit-drop__types">{t('file.accepts', { types: p.types })}</span>
      <input
        ref={input}
        type="file"
        hidden
        accept={p.accept}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = ''; // the same file can be chosen again
          if (f) take(f);
        }}
      />
      {p.children}
      {error ? <div className="kit-drop__error" role="alert">{error}</div> : null}
    </div>
  );
}
