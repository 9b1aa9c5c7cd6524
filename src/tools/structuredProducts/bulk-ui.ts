// React side shared by the two bulk screens: the product columns of a book grid, and the
// user's saved packages by name (so a book row may name one of them as its product).
import { useEffect, useMemo, useState } from 'react';
import type { GridColumn, GridRow } from '../../kit/grid';
import type { Strings } from '../../kit/i18n';
import type { useSavedItems } from '../../kit/share';
import type { PackageAst } from '../../pricing-core/instruments/structured/ast';
import { analyse } from './package-text';
import { PackagePayload } from './state';

type Tree = { [k: string]: string | Tree };
const col = (s: Strings, l: 'zh' | 'en', k: string) => String(((s[l] as Tree).cols as Tree)[k]);

/** Product, underlying, trade date and maturity columns (headers from the screen's `cols`, both languages as import aliases). */
export function bookBaseColumns<R extends GridRow>(header: (id: string) => string, s: Strings, _ns: string): GridColumn<R>[] {
  const aliases = (k: string) => [col(s, 'zh', k), col(s, 'en', k)];
  return [
    { id: 'product', header: header('product'), type: 'text', required: true, aliases: aliases('product'), width: 210 },
    { id: 'underlying', header: header('underlying'), type: 'text', required: true, aliases: aliases('underlying'), width: 110 },
    { id: 'trade', header: header('trade'), type: 'date', required: true, aliases: aliases('trade'), width: 120 },
    { id: 'maturity', header: header('maturity'), type: 'text', required: true, aliases: aliases('maturity'), width: 170 },
  ];
}

/** The user's own saved packages, parsed, by lower-case name. */
export function useSavedPackages(items: ReturnType<typeof useSavedItems>) {
  const [packages, setPackages] = useState<Map<string, PackageAst>>(new Map());
  const key = items.mine.map((i) => `${i.id}:${i.updatedAt}`).join('|');
  useEffect(() => {
    let live = true;
    const mine = items.mine;
    void Promise.all(mine.map((i) => items.load<unknown>(i.id))).then((got) => {
      if (!live) return;
      const out = new Map<string, PackageAst>();
      got.forEach((r, k) => {
        if (!r.ok) return;
        const p = PackagePayload.safeParse(r.value.payload);
        if (!p.success) return;
        const a = analyse(p.data.src);
        if (a.ast) out.set(mine[k].name.toLowerCase(), a.ast);
      });
      setPackages(out);
    });
    return () => {
      live = false;
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return useMemo(() => ({ packages }), [packages]);
}
