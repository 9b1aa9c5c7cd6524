// /rate: the public rate view in Chinese (RatePage.tsx); /rateEn is the same view in English.
import { RatePage } from './RatePage';

export default function Rate() {
  return <RatePage lang="zh" />;
}
