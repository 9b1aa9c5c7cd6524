// The book grid's columns (header names in the language shown, import aliases in both).
// Both volatility columns are percent columns, so an export writes them in one unit (CSV:
// percent numbers; XLSX: Excel percentages), the override and the vol used alike.
import type { GridColumn } from '../../kit/grid';
import { fmt } from '../../kit/results';
import { strings } from './i18n';
import { normPair, type TradeRow } from './model';

export function bookColumns(t: (key: string) => string): GridColumn<TradeRow>[] {
  const c = (id: string) => t(`cols.${id}`);
  const al = (k: string) => [(strings.zh.cols as Record<string, string>)[k], (strings.en.cols as Record<string, string>)[k]];
  const opts = (group: 'products' | 'directions' | 'types', values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`${group}.${v}`), aliases: [(strings.zh[group] as Record<string, string>)[v], (strings.en[group] as Record<string, string>)[v]] }));
  const ro = { editable: false } as const;
  return [
    { id: 'id', header: c('id'), type: 'text', aliases: al('id'), width: 56 },
    { id: 'product', header: c('product'), type: 'select', aliases: [...al('product'), 'type of product'], required: true, options: opts('products', ['vanilla', 'ratioForward', 'capForward', 'rangeForward']), width: 104 },
    { id: 'pair', header: c('pair'), type: 'text', aliases: [...al('pair'), 'currency pair', '货币对'], required: true, width: 76, validate: (v) => (v === null || normPair(v) ? null : t('validation.pair')) },
    { id: 'direction', header: c('direction'), type: 'select', aliases: [...al('direction'), 'side'], required: true, options: opts('directions', ['buy', 'sell']), width: 64 },
    { id: 'type', header: c('type'), type: 'select', aliases: [...al('type'), 'call/put', 'option type'], options: opts('types', ['call', 'put']), width: 84 },
    { id: 'notional', header: c('notional'), type: 'amount', aliases: al('notional'), required: true, min: 0, width: 112 },
    { id: 'strike', header: c('strike'), type: 'number', aliases: al('strike'), required: true, min: 0, width: 84 },
    { id: 'strike2', header: c('strike2'), type: 'number', aliases: [...al('strike2'), 'cap', 'give-up strike'], min: 0, width: 116 },
    { id: 'leverage', header: c('leverage'), type: 'number', aliases: al('leverage'), min: 1, width: 80 },
    { id: 'expiry', header: c('expiry'), type: 'date', aliases: [...al('expiry'), 'expiry date', '到期'], required: true, width: 100 },
    { id: 'npv', header: c('npv'), type: 'amount', ...ro, width: 120 },
    { id: 'error', header: c('error'), type: 'text', ...ro, width: 200 },
    { id: 'premiumPct', header: c('premiumPct'), type: 'number', ...ro, format: fmt.fixed(4), width: 96 },
    { id: 'delta', header: c('delta'), type: 'amount', ...ro, format: fmt.amount(undefined, 0), width: 120 },
    { id: 'gamma', header: c('gamma'), type: 'amount', ...ro, format: fmt.amount(undefined, 0), width: 110 },
    { id: 'vega', header: c('vega'), type: 'amount', ...ro, width: 104 },
    { id: 'theta', header: c('theta'), type: 'amount', ...ro, width: 100 },
    { id: 'volUsed', header: c('volUsed'), type: 'percent', ...ro, format: fmt.percent(4), width: 96 },
    { id: 'forward', header: c('forward'), type: 'number', ...ro, format: fmt.fixed(5), width: 96 },
    { id: 'vol', header: c('vol'), type: 'percent', aliases: al('vol'), min: 0, width: 100 },
  ];
}
