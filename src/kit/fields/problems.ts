// Every field that holds something the computation cannot use, in one list the Results region
// shows (issue 20, section 4): a field reports its label and the error it shows (in the user's
// language, "not a number", "missing"); ToolLayout holds the list; ResultsRegion says them all
// at once, so a typed value that does not drive the result always says why.
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

export interface FieldProblem {
  /** The field's label, as on screen. */
  label: string;
  /** What is wrong with it, as the field shows it. */
  message: string;
}

/** The fields of one screen with a shown error, in the order the fields were mounted. */
export class FieldProblems {
  private order: string[] = [];
  private byId = new Map<string, FieldProblem>();
  private listeners = new Set<() => void>();
  private snapshot: readonly FieldProblem[] = [];

  register(id: string): void {
    if (!this.order.includes(id)) this.order.push(id);
  }

  set(id: string, p: FieldProblem | null): void {
    const old = this.byId.get(id);
    if (p ? old && old.label === p.label && old.message === p.message : !old) return;
    if (p) this.byId.set(id, p);
    else this.byId.delete(id);
    this.snapshot = this.order.filter((k) => this.byId.has(k)).map((k) => this.byId.get(k)!);
    this.listeners.forEach((l) => l());
  }

  unregister(id: string): void {
    this.set(id, null);
    this.order = this.order.filter((k) => k !== id);
  }

  list = (): readonly FieldProblem[] => this.snapshot;

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}

/** Set by ToolLayout; absent (no list) outside a tool screen. */
export const FieldProblemsContext = createContext<FieldProblems | null>(null);

const NONE: readonly FieldProblem[] = [];
const noop = () => () => undefined;

/** A field's report: its shown error (null: none) under its label. */
export function useReportProblem(id: string, label: string, error: string | null): void {
  const store = useContext(FieldProblemsContext);
  useEffect(() => {
    if (!store) return;
    store.register(id);
    return () => store.unregister(id);
  }, [store, id]);
  useEffect(() => {
    store?.set(id, error ? { label, message: error } : null);
  }, [store, id, label, error]);
}

/** The screen's field problems (re-renders when they change). */
export function useFieldProblems(): readonly FieldProblem[] {
  const store = useContext(FieldProblemsContext);
  return useSyncExternalStore(store?.subscribe ?? noop, store?.list ?? (() => NONE), store?.list ?? (() => NONE));
}
