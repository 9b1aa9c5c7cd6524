// A heat map as an accessible table (rows x columns, e.g. tenor x delta): every cell is
// named by its row and column headers and carries its full-precision data-value.
import { formatValue, valueAttr, type ValueFormat } from '../format/value-format';
import { useStrings } from '../i18n';
import { useLang } from '../locale';
import { kitStrings } from '../strings';
import { toast } from '../../ui/toast';
import { copyProps } from './copy';
import { DIVERGING, extent, heatColor, inkOn, SEQUENTIAL } from './heat';
import './results.css';

export interface HeatMapProps {
  caption: string;
  /** Header of the row-label column (e.g. `Tenor`). */
  corner: string;
  rows: readonly string[];
  columns: readonly string[];
  /** values[row][column]. */
  values: readonly (readonly (number | null)[])[];
  format?: ValueFormat;
  scale?: 'sequential' | 'diverging';
  /** Fixed colour range (default the data's). */
  domain?: [number, number];
}

export function HeatMap(p: HeatMapProps) {
  const lang = useLang();
  const { t } = useStrings(kitStrings);
  const stops = p.scale === 'diverging' ? DIVERGING : SEQUENTIAL;
  const dom = p.domain ?? extent(p.values) ?? [0, 1];
  return (
    <div className="kit-heat-box">
      <table className="kit-heat">
        <caption className="kit-sr">{p.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{p.corner}</th>
            {p.columns.map((c) => <th key={c} scope="col">{c}</th>)}
          </tr>
        </thead>
        <tbody>
          {p.rows.map((r, i) => (
            <tr key={r}>
              <th scope="row">{r}</th>
              {p.columns.map((c, j) => {
                const v = p.values[i]?.[j] ?? null;
                const bg = heatColor(v, dom[0], dom[1], stops);
                const full = valueAttr(v);
                return (
                  <td key={c} data-value={full} tabIndex={-1} style={{ background: bg, color: inkOn(bg) }} {...copyProps(() => full, () => toast(t('results.copied'), 'success'))}>
                    {formatValue(v, p.format, lang)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="kit-heat__scale" aria-hidden="true">
        <span>{formatValue(dom[0], p.format, lang)}</span>
        <span className="kit-heat__bar" style={{ background: `linear-gradient(90deg, ${stops.map((s) => `rgb(${s.join(',')})`).join(', ')})` }} />
        <span>{formatValue(dom[1], p.format, lang)}</span>
      </div>
    </div>
  );
}
