// Bond picker of the bond screens: a search box over BondSvr (code, name, issuer) and the list
// of matches; picking one hands its record to the screen, "typed by hand" hands null.
import { useEffect, useMemo, useState } from 'react';
import type { BondView } from '../../../kit/bonds/contract';
import { SelectField } from '../../../kit/fields';
import { FieldFrame, useFieldIds } from '../../../kit/fields/field-core';
import { useStrings } from '../../../kit/i18n';
import { useLang } from '../../../kit/locale';
import { bondApi } from './bond-api';
import { sharedStrings } from './i18n';

export interface BondPickerProps {
  /** Code of the bond on screen; null for typed terms. */
  value: string | null;
  onPick: (bond: BondView | null) => void;
  issuerTypes?: string[];
  /** Label of the list (default "Bond"). */
  label?: string;
  /** Without the "typed by hand" choice (screens that need a bond from the list). */
  noManual?: boolean;
  /** Text of the empty choice (default "typed by hand"). */
  manualLabel?: string;
  name?: string;
}

export function bondLabel(b: BondView, lang: 'zh' | 'en'): string {
  const name = lang === 'en' && b.nameEn ? b.nameEn : b.name;
  return `${b.code} ${name}${b.sample ? (lang === 'en' ? ' (sample)' : '（样例）') : ''}`;
}

export function BondPicker({ value, onPick, issuerTypes, label, noManual, manualLabel, name = 'bond' }: BondPickerProps) {
  const { t } = useStrings(sharedStrings);
  const lang = useLang();
  const ids = useFieldIds();
  const [query, setQuery] = useState('');
  const [bonds, setBonds] = useState<BondView[]>([]);
  const [failed, setFailed] = useState(false);
  const typesKey = issuerTypes?.join(',') ?? '';

  useEffect(() => {
    let live = true;
    const id = setTimeout(() => {
      bondApi().search({ query: query.trim() || undefined, issuerTypes: typesKey ? typesKey.split(',') : undefined, limit: 200 })
        .then((r) => { if (live) { setBonds(r.bonds); setFailed(false); } }, () => { if (live) setFailed(true); });
    }, query ? 250 : 0);
    return () => { live = false; clearTimeout(id); };
  }, [query, typesKey]);

  // The bond on screen stays a choice even when the search no longer lists it.
  const [current, setCurrent] = useState<BondView | null>(null);
  useEffect(() => {
    if (value === null) { setCurrent(null); return; }
    const hit = bonds.find((b) => b.code === value);
    if (hit) { setCurrent(hit); return; }
    if (current?.code === value) return;
    let live = true;
    bondApi().get(value).then((b) => live && setCurrent(b), () => undefined);
    return () => { live = false; };
  }, [value, bonds]); // eslint-disable-line react-hooks/exhaustive-deps

  const choices = useMemo(() => {
    const list = current && !bonds.some((b) => b.code === current.code) ? [current, ...bonds] : bonds;
    return [...(noManual ? [] : [{ value: '', label: manualLabel ?? t('manual') }]), ...list.map((b) => ({ value: b.code, label: bondLabel(b, lang) }))];
  }, [bonds, current, lang, t, noManual, manualLabel]);

  return (
    <>
      <FieldFrame {...ids} label={t('search')} hint={failed ? t('errors.bondsUnavailable') : bonds.length === 0 ? t('noMatch') : t('searchHint')} error={null} name={`${name}Search`}>
        <input
          id={ids.inputId}
          type="search"
          className="kit-input"
          value={query}
          autoComplete="off"
          aria-describedby={ids.hintId}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') e.preventDefault(); }}
        />
      </FieldFrame>
      <SelectField
        label={label ?? t('bond')}
        name={name}
        value={value ?? (noManual ? null : '')}
        choices={choices}
        onChange={(code) => {
          if (!code) { onPick(null); return; }
          const b = bonds.find((x) => x.code === code) ?? (current?.code === code ? current : null);
          if (b) onPick(b);
        }}
      />
    </>
  );
}
