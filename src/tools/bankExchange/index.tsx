// /bankExchange (public, no session): bank settlement and sale quotes in the interface
// language (zh by default). The same screen as /bankExchangeMa; bank quotes are public series.
import { BankExchangeScreen } from '../bankExchangeMa/BankExchangeScreen';
import { PublicLangLink } from '../bankExchangeMa/PublicLangLink';

export default function PublicBankExchange() {
  return <BankExchangeScreen route="bankExchange" header={<PublicLangLink to="/bankExchangeEn" />} />;
}
