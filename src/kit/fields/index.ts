// Kit fields: see src/kit/README.md. Pure parsing in parse.ts, tenor-date.ts, currency.ts,
// month-grid.ts; React fields on top.
export { AmountField, NumberField, PercentField, type NumericFieldProps } from './NumericFields';
export { CurrencyField, PairField, type PickerFieldProps } from './PickerFields';
export { TenorDateField, type TenorDateChange, type TenorDateFieldProps } from './TenorDateField';
export { ChoiceField, SelectField, type Choice, type ChoiceFieldProps } from './ChoiceFields';
export { MonthCalendar, type BusinessDayPredicate, type MonthCalendarProps } from './MonthCalendar';
export { FormContext, useCommit, type BaseFieldProps, type FieldChange, type FormContextValue } from './field-core';
export { parseAmount, parseNumber, parsePercent, type Parsed, type ParseError } from './parse';
export { parseTenorOrDate, resolveTenorOrDate, tenorOrDateText, type Resolution, type TenorOrDate, type TenorResolver } from './tenor-date';
export { COMMON_PAIRS, pairLabel, parseCurrency, parsePair, rankOptions, type PickerOption } from './currency';
export { monthWeeks, type GridDay } from './month-grid';
/** Today on the desk (one definition: kit/dates). */
export { deskToday } from '../dates/desk-today';
