export { DataDateNote } from './DataDateNote';
export { deskToday, pairCurrencies, tradeDayFor, type Roll, type TradeDay } from './desk-today';
export { TradeDayNote } from './TradeDayNote';
export { useTradeDay } from './use-trade-day';
