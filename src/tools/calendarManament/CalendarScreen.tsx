// The holiday query screen, shared by /calendarManament (shell tab) and /calendar (public):
// Currency, Year and Month (and an optional second currency for a pair's value days) give
// the month grid of UI-CONTRACT section 4 (data-date, data-business-day; non-trading days in
// red), the month's named days, the year's holidays as a sortable, exportable table and
// the business days per month. A year a calendar does not hold is said plainly, never
// shown as a guessed grid. All rules: src/pricing-core/dates/calendars.
import i18next from 'i18next';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { CurrencyField, deskToday, MonthCalendar, type GridDay } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang, type Lang } from '../../kit/locale';
import { fmt, ResultList, ResultsRegion, ResultTable, ToolFailure, useCalculation } from '../../kit/results';
import { longDate, monthTitle, weekdayNames } from '../../kit/format/dates';
import { calendarStrings } from './i18n';
import { projectionText } from '../../pricing-core/dates/calendars';
import {
  CALENDAR_CODES, CALENDAR_NAMES, coverageProblem, type CoverageProblem, coverageText, firstOfMonth, monthText, monthView, MONTHS_EN, MONTHS_ZH,
  parseMonth, parseYear, ymOf, type CalendarCode, type MonthView, type NamedDayRow,
} from './model';
import { QueryField } from './QueryField';
import { calendarInputsAtom, type CalendarInputs } from './state';
import './calendar.css';

interface Draft {
  currency: CalendarCode | null;
  year: number | null;
  month: number | null;
  joint: CalendarCode | null;
  /** The second currency's text does not name a calendar. */
  jointBad: boolean;
}

const showYear = (y: number) => String(y);
/** A message of this namespace in both languages (a ToolFailure shows the current one). */
const bothLanguages = (key: string) => ({ zh: i18next.getFixedT('zh', calendarStrings.ns)(key), en: i18next.getFixedT('en', calendarStrings.ns)(key) });
const pairLabel = (p: string) => `${p.slice(0, 3)}/${p.slice(3)}`;

function complete(d: Draft): CalendarInputs | null {
  if (!d.currency || d.year === null || d.month === null || d.jointBad) return null;
  return { currency: d.currency, year: d.year, month: d.month, joint: d.joint };
}

export function CalendarScreen({ route }: { route: 'calendarManament' | 'calendar' }) {
  const { t } = useStrings(calendarStrings);
  const lang = useLang();
  const today = useMemo(() => deskToday(), []);
  const [inputs, setInputs] = useAtom(calendarInputsAtom(route));
  const [draft, setDraft] = useState<Draft>({ ...inputs, jointBad: false });
  const calc = useCalculation<MonthView>();
  const [focused, setFocused] = useState(() => firstOfMonth(inputs.year, inputs.month));
  const [selected, setSelected] = useState<string | null>(null);
  // Opt-in, per visit (never stored): years without a notice shown from the projection.
  const [projected, setProjected] = useState(false);
  const [problem, setProblem] = useState<CoverageProblem | null>(null);

  const query = useCallback((q: CalendarInputs, project: boolean) => {
    setInputs(q);
    void calc.run(() => {
      try {
        const v = monthView({ ...q, projected: project });
        setProblem(null);
        return v;
      } catch (e) {
        const problem = coverageProblem(e);
        setProblem(problem);
        if (!problem) throw e;
        const zh = coverageText(problem, 'zh'), en = coverageText(problem, 'en');
        throw new ToolFailure('badInput', undefined, { zh: `${zh.title}。${zh.body}`, en: `${en.title}. ${en.body}` });
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [calc.run, setInputs]);

  // The query runs as the inputs change (cheap) and on Enter / Query.
  useEffect(() => {
    const q = complete(draft);
    if (q) query(q, projected);
  }, [draft, projected, query]);

  const submit = () => {
    const q = complete(draft);
    if (q) query(q, projected);
    else calc.fail(new ToolFailure('badInput', undefined, bothLanguages('errors.inputs')));
  };

  const view = calc.result;
  // Focus follows the month shown: today when it is in it, else the 1st.
  useEffect(() => {
    if (!view) return;
    const { year, month } = view.query;
    const ym = ymOf(focused);
    if (ym.year !== year || ym.month !== month) {
      const t0 = ymOf(today);
      setFocused(t0.year === year && t0.month === month ? today : firstOfMonth(year, month));
      setSelected(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);

  const moveTo = (iso: string) => {
    setFocused(iso);
    const ym = ymOf(iso);
    if (view && (ym.year !== view.query.year || ym.month !== view.query.month)) {
      setDraft((d) => ({ ...d, year: ym.year, month: ym.month }));
    }
  };
  const thisMonth = () => {
    const ym = ymOf(today);
    setDraft((d) => ({ ...d, year: ym.year, month: ym.month }));
  };

  const codes = CALENDAR_CODES as readonly string[];
  const title = route === 'calendar' ? t('publicTitle') : t('title');
  const monthSuggestions = lang === 'en' ? MONTHS_EN : MONTHS_ZH;

  return (
    <div className="calq" data-testid="calendar-screen">
      <ToolLayout
        title={title}
        meta={view ? <SourceLines view={view} /> : null}
        inputs={
          <>
            <ToolForm onSubmit={submit} columns={2} actions={<ToolActions priceLabel={t('query')} busy={calc.busy}><button type="button" className="btn" onClick={thisMonth}>{t('thisMonth')}</button></ToolActions>}>
              <CurrencyField label={t('currency')} name="currency" value={draft.currency} currencies={codes} strict required
                onChange={(v) => setDraft((d) => ({ ...d, currency: (v as CalendarCode | null) ?? null }))} />
              <QueryField<number> label={t('year')} name="year" value={draft.year} parse={parseYear} format={showYear} invalid={t('errors.year')}
                onChange={(v) => setDraft((d) => ({ ...d, year: v }))} />
              <QueryField<number> label={t('month')} name="month" value={draft.month} parse={parseMonth} format={monthText} invalid={t('errors.month')}
                hint={t('monthHint')} suggestions={monthSuggestions} onChange={(v) => setDraft((d) => ({ ...d, month: v }))} />
              <CurrencyField label={t('joint')} name="joint" value={draft.joint} currencies={codes} strict hint={t('jointHint')}
                onChange={(v, c) => setDraft((d) => ({ ...d, joint: (v as CalendarCode | null) ?? null, jointBad: !!c.error || (v === null && c.text.trim() !== '') }))} />
              <label className="calq-project kit-form__wide">
                <input type="checkbox" checked={projected} onChange={(e) => setProjected(e.target.checked)} />
                <span>{t('projectOpt')}</span>
              </label>
            </ToolForm>
            <Legend />
          </>
        }
        results={
          <ResultsRegion calc={calc}>
            {problem?.projectable && !projected && !view ? (
              <div className="calq-offer">
                <button type="button" className="btn" onClick={() => setProjected(true)}>{t('showProjection', { year: problem.year, code: problem.calendar })}</button>
                <span className="calq-note">{t('projectionWhat')}</span>
              </div>
            ) : null}
            {view ? <MonthResults view={view} focused={focused} selected={selected} today={today} onFocus={moveTo} onSelect={setSelected} lang={lang} /> : null}
          </ResultsRegion>
        }
        charts={view ? <YearPanels view={view} lang={lang} /> : null}
      />
    </div>
  );
}

function SourceLines({ view }: { view: MonthView }) {
  const { t } = useStrings(calendarStrings);
  return (
    <div className="calq-sources" data-testid="calendar-source">
      {view.sources.map((s) => (
        <div key={s.calendar} className="kit-source" data-source-kind="published" data-calendar={s.calendar}>
          <span className="kit-source__text">
            {t('source')} ({s.calendar}): {s.source} · {t(s.kind)} · {t('covered', { years: s.covered })}
          </span>
        </div>
      ))}
    </div>
  );
}

function Legend() {
  const { t } = useStrings(calendarStrings);
  return (
    <ul className="calq-legend" aria-label={t('legend.title')}>
      <li><span className="calq-swatch calq-swatch--open" aria-hidden="true">8</span>{t('legend.business')}</li>
      <li><span className="calq-swatch calq-swatch--off" aria-hidden="true">1</span>{t('legend.closed')}</li>
      <li><span className="calq-swatch calq-swatch--work" aria-hidden="true">{t('makeUpBadge')}</span>{t('legend.makeUp')}</li>
    </ul>
  );
}

const nameIn = (n: NamedDayRow, lang: Lang) => (lang === 'en' ? n.en : n.zh);

function MonthResults(p: { view: MonthView; focused: string; selected: string | null; today: string; onFocus: (iso: string) => void; onSelect: (iso: string) => void; lang: Lang }) {
  const { t } = useStrings(calendarStrings);
  const { view, lang } = p;
  const { year, month } = view.query;
  const joint = view.pair !== null;
  const monthName = monthTitle(year, month, lang);
  const projectedNote = projectionText(view.projectedYears, lang);
  const gridLabel = (joint
    ? t('gridJoint', { pair: pairLabel(view.pair!), month: monthName })
    : t('grid', { calendar: view.query.currency, month: monthName })) + (projectedNote ? ` ${t('projectedMark')}` : '');
  const focused = ymOf(p.focused).month === month && ymOf(p.focused).year === year ? p.focused : firstOfMonth(year, month);
  const isBusinessDay = useCallback((iso: string) => view.days.get(iso)?.business ?? false, [view]);
  const prefix = (n: NamedDayRow) => (joint ? `${n.calendar}: ` : '');
  const describeDay = useCallback((iso: string) => {
    const d = view.days.get(iso);
    if (!d) return undefined;
    const parts = d.names.map((n) => prefix(n) + nameIn(n, lang));
    if (joint && d.closedIn.length) parts.push(t('day.closedIn', { codes: d.closedIn.join(', ') }));
    return parts.join('; ') || undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, lang, joint, t]);
  const renderDay = useCallback((g: GridDay, business: boolean) => {
    const d = view.days.get(g.iso);
    const makeUp = !!d && d.weekend && business;
    const closedWeekday = !!d && !d.weekend && !business;
    return (
      <span className="calq-cell">
        <span className="calq-cell__top">
          <span className="calq-cell__num">{g.day}</span>
          {makeUp ? <span className="calq-tag calq-tag--work">{t('makeUpBadge')}</span> : null}
          {closedWeekday ? <span className="calq-tag calq-tag--off">{t('closedBadge')}</span> : null}
        </span>
        {d?.names.map((n, i) => (
          <span key={i} className="calq-cell__name" title={nameIn(n, lang)}>{prefix(n)}{nameIn(n, lang)}</span>
        ))}
        {joint && d && d.closedIn.length && !d.weekend && !d.names.length ? <span className="calq-cell__name">{t('day.closedIn', { codes: d.closedIn.join(', ') })}</span> : null}
      </span>
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, lang, joint, t]);

  const yearTotal = view.perMonth.reduce((a, b) => a + b, 0);
  // Keyboard focus follows the focused day only while the grid has it (typing in the
  // fields re-queries without pulling focus into the grid).
  const [gridActive, setGridActive] = useState(false);
  const sel = p.selected ? view.days.get(p.selected) : undefined;

  return (
    <div className="calq-results">
      <p className="calq-shown" data-testid="calendar-shown">
        {joint
          ? t('shownJoint', { pair: pairLabel(view.pair!), codes: view.calendars.join(' + ') })
          : t('shownSingle', { code: view.query.currency, name: CALENDAR_NAMES[view.query.currency][lang] })}
      </p>
      {projectedNote ? (
        <div className="calq-projected" role="note" data-testid="calendar-projected">
          <span className="kit-badge kit-badge--simulated">{t('projectedBadge')}</span>
          <span><strong>{projectedNote}.</strong> {t('projectionWhat')}</span>
        </div>
      ) : null}
      <ResultList
        columns={3}
        items={[
          { name: t('businessDays'), value: view.businessDays, format: fmt.fixed(0) },
          { name: t('closedWeekdays'), value: view.closedWeekdays, format: fmt.fixed(0) },
          { name: joint ? t('yearBusinessDays', { year }) : t('workingWeekends'), value: joint ? yearTotal : view.workingWeekends, format: fmt.fixed(0) },
        ]}
      />
      <div
        className="calq-gridbox"
        onFocus={() => setGridActive(true)}
        onBlur={(e) => { if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) setGridActive(false); }}
      >
      <MonthCalendar
        className="calq-grid"
        focused={focused}
        onFocusChange={p.onFocus}
        selected={p.selected}
        onSelect={p.onSelect}
        isBusinessDay={isBusinessDay}
        label={gridLabel}
        today={p.today}
        renderDay={renderDay}
        describeDay={describeDay}
        hideOutsideDays
        autoFocus={gridActive}
      />
      </div>
      {joint ? <p className="calq-note">{t('jointNote')}</p> : null}
      {sel ? (
        <p className="calq-selected" aria-live="polite" data-testid="calendar-selected">
          <strong>{t('selected')}:</strong> {longDate(sel.iso, lang)} · {sel.business ? t('day.business') : t('day.closed')}
          {sel.names.length ? ` · ${sel.names.map((n) => prefix(n) + nameIn(n, lang)).join('; ')}` : ''}
          {joint && sel.closedIn.length ? ` · ${t('day.closedIn', { codes: sel.closedIn.join(', ') })}` : ''}
        </p>
      ) : null}
      <section className="calq-named" aria-label={t('named')}>
        <h3 className="calq-h">{t('named')}</h3>
        {view.monthNamed.length === 0 ? (
          <p className="calq-empty">{t('namedEmpty')}</p>
        ) : (
          <ul className="calq-named__list">
            {view.monthNamed.map((n) => (
              <li key={`${n.calendar}-${n.date}-${n.kind}`} className={`calq-named__item calq-named__item--${n.kind}`}>
                <span className="calq-named__date">{n.date} {weekdayNames(lang, 'short')[n.weekday]}</span>
                <span className="calq-named__names">
                  <span className="calq-named__name">{joint ? <span className="calq-named__cal">{n.calendar}</span> : null}{nameIn(n, lang)}</span>
                  <span className="calq-named__other" lang={lang === 'en' ? 'zh-CN' : 'en'}>{lang === 'en' ? n.zh : n.en}</span>
                </span>
                <span className="calq-named__kind">{t(`kind.${n.kind}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function YearPanels({ view, lang }: { view: MonthView; lang: Lang }) {
  const { t } = useStrings(calendarStrings);
  const { year } = view.query;
  const short = weekdayNames(lang, 'short');
  const config = useMemo(
    () => new ChartConfigBuilder('time', lang).addSeries({ label: t('perMonthSeries'), format: fmt.fixed(0), points: true }).setScale('y', { min: 0, max: 25 }).build(),
    [lang, t],
  );
  const data = useMemo(() => {
    const x = new Float64Array(12), y = new Float64Array(12);
    for (let m = 0; m < 12; m++) {
      x[m] = Date.UTC(year, m, 1) / 1000;
      y[m] = view.perMonth[m];
    }
    return [x, y] as const;
  }, [view, year]);
  const codes = view.calendars.join(', ');
  return (
    <>
      <Panel className="calq-year">
        <ResultTable
          caption={t('yearTable', { year, codes })}
          exportName={`holidays-${view.pair ?? view.query.currency}-${year}`}
          sortable
          maxHeight={420}
          rowKey={(r) => `${r.calendar}-${r.date}-${r.kind}-${r.en}`}
          rows={view.yearNamed}
          columns={[
            { key: 'date', header: t('col.date'), value: (r) => r.date, format: fmt.date, rowHeader: true },
            { key: 'weekday', header: t('col.weekday'), value: (r) => short[r.weekday], format: fmt.text },
            { key: 'calendar', header: t('col.calendar'), value: (r) => r.calendar, format: fmt.text },
            { key: 'name', header: t('col.name'), value: (r) => nameIn(r, lang), format: fmt.text },
            { key: 'other', header: t('col.nameOther'), value: (r) => (lang === 'en' ? r.zh : r.en), format: fmt.text },
            { key: 'kind', header: t('col.kind'), value: (r) => t(`kind.${r.kind}`), format: fmt.text },
          ]}
        />
      </Panel>
      <Panel title={t('perMonth', { year })} className="calq-year">
        <UPlotChart config={config} data={data} label={t('perMonth', { year })} height={200} />
      </Panel>
    </>
  );
}
