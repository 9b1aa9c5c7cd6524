// /bankExchangeMa: bank settlement and sale quotes in a shell tab (screen: BankExchangeScreen.tsx).
import { BankExchangeScreen } from './BankExchangeScreen';

export default function BankExchangeMa() {
  return <BankExchangeScreen route="bankExchangeMa" />;
}
