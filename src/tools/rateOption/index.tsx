// /rateOption: the rate option calculator (swaptions, caps and floors) for every user.
import { useStrings } from '../../kit/i18n';
import { Calculator } from './Calculator';
import { strings } from './i18n';
import { rateOptionAtom } from './state';

export default function RateOption() {
  const { t } = useStrings(strings);
  return <Calculator atom={rateOptionAtom} title={t('title')} />;
}
