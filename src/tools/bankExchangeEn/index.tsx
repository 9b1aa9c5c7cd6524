// /bankExchangeEn (public, no session): the bank quotes page always in English.
import { FixedLanguage } from '../../kit/FixedLanguage';
import { BankExchangeScreen } from '../bankExchangeMa/BankExchangeScreen';
import { PublicLangLink } from '../bankExchangeMa/PublicLangLink';

export default function PublicBankExchangeEn() {
  return (
    <FixedLanguage lang="en">
      <BankExchangeScreen route="bankExchangeEn" header={<PublicLangLink to="/bankExchange" />} />
    </FixedLanguage>
  );
}
