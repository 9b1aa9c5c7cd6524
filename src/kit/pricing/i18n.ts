// Strings of the pricing kit (namespace `pricing`).
import { defineStrings } from '../i18n';

export const pricingStrings = defineStrings('pricing', {
  zh: {
    offline: '离线定价',
    offlineDetail: '服务器暂时无法连接，结果由本浏览器内的同一定价核心计算。',
  },
  en: {
    offline: 'Offline pricing',
    offlineDetail: 'The server cannot be reached; the same pricing core computed this in your browser.',
  },
});
