// /calendarManament: the holiday query in a shell tab (the screen: CalendarScreen.tsx).
import { CalendarScreen } from './CalendarScreen';

export default function CalendarManament() {
  return <CalendarScreen route="calendarManament" />;
}
