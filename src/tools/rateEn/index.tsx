// /rateEn: the public rate view in English, whatever the stored language (src/tools/rate).
import { RatePage } from '../rate/RatePage';

export default function RateEn() {
  return <RatePage lang="en" />;
}
