// /calendar (public, no session): the same holiday query as /calendarManament; the calendars
// are computed in the browser, so nothing here needs the server.
import { CalendarScreen } from '../calendarManament/CalendarScreen';

export default function PublicCalendar() {
  return <CalendarScreen route="calendar" />;
}
