// Simplified-Chinese names of the rule calendars' holidays. date-holidays has Chinese names
// for only a few of them (and in traditional characters, or Japanese for Japan); the screens
// default to zh, so the generator names every holiday here. A name missing from this map
// fails the table test, so a holiday the package adds cannot reach a screen untranslated.
const ZH: Record<string, string> = {
  // shared
  "New Year's Day": '元旦',
  "New Year's Eve": '除夕（银行休假日）',
  'Good Friday': '耶稣受难日',
  'Easter Saturday': '复活节前夕',
  'Easter Sunday': '复活节',
  'Easter Monday': '复活节星期一',
  'Labour Day': '劳动节',
  'Labor Day': '劳动节',
  'Christmas Day': '圣诞节',
  'Boxing Day': '节礼日',
  "St Stephen's Day": '圣诞节翌日',
  'Ascension Day': '耶稣升天节',
  Pentecost: '圣灵降临节',
  'Whit Monday': '圣灵降临节星期一',
  Thanksgiving: '感恩节',
  'Thanksgiving Day': '感恩节',
  'Bank Holiday': '银行假日',
  // United States
  'Martin Luther King Jr. Day': '马丁·路德·金纪念日',
  "Washington's Birthday": '华盛顿诞辰纪念日（总统日）',
  'Memorial Day': '阵亡将士纪念日',
  Juneteenth: '六月节（解放日）',
  'Independence Day': '独立日',
  'Columbus Day': '哥伦布日',
  'Veterans Day': '退伍军人节',
  // United Kingdom
  'Early May bank holiday': '五月初银行假日',
  'Early May bank holiday (VE day)': '五月初银行假日（欧洲胜利日）',
  'Spring bank holiday': '春季银行假日',
  'Summer bank holiday': '夏季银行假日',
  'Millennium Day': '千禧年假日',
  'Queen’s Diamond Jubilee': '女王登基钻禧纪念',
  'Queen’s Platinum Jubilee': '女王登基白金禧纪念',
  "Queen Elizabeth's Funeral Day": '伊丽莎白女王国葬日',
  "King Charles III's Coronation": '查尔斯三世加冕日',
  // Japan
  'January 2nd': '1月2日（银行休假日）',
  'January 3rd': '1月3日（银行休假日）',
  'Coming of Age Day': '成人节',
  'Foundation Day': '建国纪念日',
  "Emperor's Birthday": '天皇诞辰',
  'Spring Equinox Day': '春分日',
  'Showa Day': '昭和日',
  'Greenery Day': '绿之日',
  'Constitution Day': '宪法纪念日',
  "Children's Day": '儿童节',
  'Marine Day': '海之日',
  'Mountain Day': '山之日',
  'Respect-for-the-Aged Day': '敬老节',
  'Autumnal Equinox Day': '秋分日',
  'Sports Day': '体育节',
  'Culture Day': '文化节',
  'Labor Thanksgiving Day': '勤劳感谢日',
  "Citizens' Holiday": '国民休息日',
  'Coronation Day': '天皇即位日',
  'Enthronement Ceremony Day': '天皇即位礼正殿仪式日',
  'Official Enthronement Ceremony of Emperor Heisei (Akihito)': '明仁天皇即位礼',
  'Marriage of Crown Prince Naruhito': '德仁皇太子大婚',
  // Canada
  'Family Day': '家庭日',
  'Victoria Day': '维多利亚日',
  'Canada Day': '加拿大国庆日',
  'Civic Holiday': '公民假日',
  'National Day for Truth and Reconciliation': '全国真相与和解日',
  'Remembrance Day': '国殇纪念日',
  // Australia
  'Australia Day': '澳大利亚国庆日',
  'Anzac Day': '澳新军团日',
  "Queen's Birthday": '女王诞辰',
  "King's Birthday": '国王诞辰',
  'National Day of Mourning for Queen Elizabeth II': '伊丽莎白二世女王国殇日',
  // Switzerland
  Berchtoldstag: '贝希托尔德日',
  'Swiss National Day': '瑞士国庆日',
  'Federal Day of Thanksgiving, Repentance and Prayer': '联邦感恩、忏悔与祈祷日',
  // TARGET
  'Special closing day': '特别休市日',
};

const SUBSTITUTE = ' (substitute day)';

/** The zh name of an English holiday name; the English name itself when unknown. */
export function zhHolidayName(en: string): string {
  if (en.endsWith(SUBSTITUTE)) {
    const base = ZH[en.slice(0, -SUBSTITUTE.length)];
    return base ? `${base}（补假）` : en;
  }
  return ZH[en] ?? en;
}
