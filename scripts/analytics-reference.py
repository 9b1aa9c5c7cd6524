#!/usr/bin/python3
"""Reference outputs for the analytics models (PRICING-CLI "Statistical and portfolio analytics").

Run with Debian's python (statsmodels 0.13, scipy, pandas, numpy):

    /usr/bin/python3 scripts/analytics-reference.py > src/pricing-core/analytics/fixtures/reference.json

Each case is a PRICING-CLI request and the expected result computed by the reference
libraries: statsmodels (OLS, adfuller, coint, mackinnonp/mackinnoncrit), scipy (t, norm,
optimize), pandas (rolling, ewm, skew, kurt). The Vitest differential test
(src/pricing-core/analytics/reference.test.ts) reads the fixture, so CI needs no python.

Where the spec (binding) and statsmodels differ, the spec is followed and the difference is
noted where it happens:
  * MacKinnon tables: statsmodels scales its printed coefficients at import
    (e.g. 3.2496 * 1e-2); the spec prints the scaled numbers. Both agree to an ulp; the
    generator asserts that and keeps statsmodels' numbers.
  * adf maxLag guard: the spec refuses n - 2 maxLag - ntrend - 2 < 1, statsmodels would return
    a meaningless statistic; no case here comes near that edge (error cases are in the
    TypeScript CLI test).
  * coint on an (almost) collinear pair: statsmodels returns -inf, the spec an error (not
    generated here).
  * kalmanBeta: statsmodels' KalmanFilter with a known initialisation (the state prior at the
    first observation, no Q added before it), checked against the stated recursion written
    directly in numpy (agreement asserted to 1e-9).
  * performanceStats, historicalVar, hedgeEffectiveness: the formulas as printed, with
    pandas skew()/kurt(), numpy sorting and scipy.stats.norm.
  * portfolioOptimize: scipy SLSQP (tight tolerances), then the active set it found is solved
    exactly (KKT linear system) and the KKT conditions are checked (multiplier signs,
    feasibility); riskParity by Newton on y' S y / 2 - b' ln y to machine precision.
"""
import json
import math
import os
import sys
import warnings

import numpy as np
import pandas as pd
import scipy
import statsmodels
import statsmodels.api as sm
from scipy import optimize, stats
from statsmodels.tsa.adfvalues import mackinnoncrit, mackinnonp
from statsmodels.tsa.stattools import adfuller, coint
from statsmodels.tsa.statespace.kalman_filter import KalmanFilter

warnings.simplefilter('ignore')
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, '..', 'shared', 'data', 'market-history')

# --- data -------------------------------------------------------------------------------------
fx = pd.read_csv(os.path.join(DATA, 'ecb-fx-daily.csv'), parse_dates=['date']).set_index('date')
ust = pd.read_csv(os.path.join(DATA, 'us-treasury-par-yields-daily.csv'), parse_dates=['date']).set_index('date')


def fx_slice(cols, start, n):
    d = fx.loc[start:, cols].dropna()
    return d.iloc[:n]


def ust_slice(cols, start, n):
    d = ust.loc[start:, cols].dropna()
    return d.iloc[:n]


# log USD/HKD (HKD per USD, from the two EUR rates): a quiet level near ln 7.8
hk = fx_slice(['USD', 'HKD'], '2015-01-01', 2500)
log_usdhkd = np.log(hk['HKD'] / hk['USD']).to_numpy()
log_eurusd = np.log(hk['USD']).to_numpy()
log_eurhkd = np.log(hk['HKD']).to_numpy()
# USD/CNY and USD/SGD levels of one year
cn = fx_slice(['USD', 'CNY', 'SGD', 'GBP', 'CHF', 'JPY', 'AUD', 'CAD', 'SEK', 'NOK'], '2019-01-01', 400)
usdcny = (cn['CNY'] / cn['USD']).to_numpy()
usdsgd = (cn['SGD'] / cn['USD']).to_numpy()
y = ust_slice(['2Y', '5Y', '10Y'], '2018-01-01', 2500)
ust2, ust5, ust10 = (y[c].to_numpy() / 100 for c in ['2Y', '5Y', '10Y'])

rng = np.random.default_rng(20261128)


def f(v):
    return [float(t) for t in v]


def ar1(n, phi, sigma=1.0, start=0.0):
    e = rng.normal(0, sigma, n)
    x = np.empty(n)
    prev = start
    for i in range(n):
        prev = phi * prev + e[i]
        x[i] = prev
    return x


cases = []


def add(name, request, expected):
    cases.append({'name': name, 'request': request, 'expected': expected})


def num_or_none(v):
    if v is None:
        return None
    v = float(v)
    return v if math.isfinite(v) else None


# --- ols --------------------------------------------------------------------------------------
def ols_ref(x, y, intercept=True):
    x = np.asarray(x, float)
    y = np.asarray(y, float)
    X = sm.add_constant(x, has_constant='add') if intercept else x[:, None]
    r = sm.OLS(y, X).fit()
    out = {}
    if intercept:
        out.update(alpha=r.params[0], beta=r.params[1], alphaStdError=r.bse[0], betaStdError=r.bse[1],
                   alphaT=r.tvalues[0], betaT=r.tvalues[1], alphaPValue=r.pvalues[0], betaPValue=r.pvalues[1])
    else:
        out.update(alpha=0.0, beta=r.params[0], alphaStdError=None, betaStdError=r.bse[0], alphaT=None,
                   betaT=r.tvalues[0], alphaPValue=None, betaPValue=r.pvalues[0])
    out.update(r2=r.rsquared, adjustedR2=r.rsquared_adj, residualStdError=math.sqrt(r.scale),
               nobs=int(r.nobs), dfResid=int(r.df_resid))
    return {k: (v if isinstance(v, int) else num_or_none(v)) for k, v in out.items()}


add('ols: log EUR/HKD on log EUR/USD, 250 days (near-collinear quiet levels)',
    {'model': 'ols', 'x': f(log_eurusd[:250]), 'y': f(log_eurhkd[:250])}, ols_ref(log_eurusd[:250], log_eurhkd[:250]))
add('ols: log USD/HKD level on USD/CNY level, 300 days',
    {'model': 'ols', 'x': f(usdcny[:300]), 'y': f(log_usdhkd[:300])}, ols_ref(usdcny[:300], log_usdhkd[:300]))
d10, d2 = np.diff(ust10[:500]), np.diff(ust2[:500])
add('ols: UST 10Y daily changes on 2Y changes',
    {'model': 'ols', 'x': f(d2), 'y': f(d10)}, ols_ref(d2, d10))
add('ols: UST 10Y changes on 2Y changes, no intercept',
    {'model': 'ols', 'x': f(d2), 'y': f(d10), 'intercept': False}, ols_ref(d2, d10, False))
xs = rng.normal(0, 1, 40)
ys = 0.3 + 1.7 * xs + rng.normal(0, 0.5, 40)
add('ols: synthetic n=40', {'model': 'ols', 'x': f(xs), 'y': f(ys)}, ols_ref(xs, ys))
add('ols: synthetic n=3 (one residual degree of freedom)', {'model': 'ols', 'x': [1.0, 2.0, 4.0], 'y': [0.5, 2.5, 2.0]},
    ols_ref([1, 2, 4], [0.5, 2.5, 2.0]))
add('ols: synthetic n=2 without intercept', {'model': 'ols', 'x': [1.0, 3.0], 'y': [2.0, 5.0], 'intercept': False},
    ols_ref([1, 3], [2, 5], False))


# --- adf --------------------------------------------------------------------------------------
NTREND = {'n': 0, 'c': 1, 'ct': 2}


def schwert(n, ntrend):
    return min(n // 2 - ntrend - 1, int(math.ceil(12.0 * (n / 100.0) ** 0.25)))


def crit_obj(cv):
    return {'1%': float(cv[0]), '5%': float(cv[1]), '10%': float(cv[2])}


def adf_ref(x, regression='c', autolag='aic', maxlag=None):
    x = np.asarray(x, float)
    n = len(x)
    ml = schwert(n, NTREND[regression]) if maxlag is None else maxlag
    assert n - 2 * ml - NTREND[regression] - 2 >= 1
    al = {'aic': 'AIC', 'bic': 'BIC', 'none': None}[autolag]
    r = adfuller(x, maxlag=ml, regression=regression, autolag=al)
    out = {'statistic': float(r[0]), 'pValue': float(r[1]), 'usedLag': int(r[2]), 'maxLag': int(ml), 'nobs': int(r[3]),
           'criticalValues': crit_obj([r[4]['1%'], r[4]['5%'], r[4]['10%']]),
           'icBest': float(r[5]) if al else None}
    return out


def adf_case(name, x, **kw):
    req = {'model': 'adf', 'series': f(x)}
    for k, v in kw.items():
        req[k] = v
    add('adf: ' + name, req, adf_ref(x, kw.get('regression', 'c'), kw.get('autolag', 'aic'), kw.get('maxlag')))


for reg in ['c', 'ct', 'n']:
    for al in ['aic', 'bic', 'none']:
        adf_case(f'log USD/HKD 500 days, {reg}, {al}', log_usdhkd[:500], regression=reg, autolag=al)
adf_case('UST 10Y level 1000 days, c, aic (defaults)', ust10[:1000])
adf_case('UST 10Y level 1000 days, ct, bic', ust10[:1000], regression='ct', autolag='bic')
adf_case('USD/CNY level 300 days, c, aic, maxlag 5', usdcny[:300], maxlag=5)
adf_case('USD/SGD level 300 days, n, none, maxlag 0', usdsgd[:300], regression='n', autolag='none', maxlag=0)
adf_case('synthetic AR(1) phi=0.9, n=200, c, aic', ar1(200, 0.9))
adf_case('synthetic random walk + drift, n=150, ct, aic', np.cumsum(rng.normal(0.05, 1, 150)), regression='ct')
adf_case('synthetic AR(1) phi=0.2, n=60, n, bic', ar1(60, 0.2), regression='n', autolag='bic')
adf_case('synthetic short n=12, c, aic', rng.normal(0, 1, 12))
adf_case('log USD/HKD 2500 days, c, aic', log_usdhkd)


# --- engleGranger -----------------------------------------------------------------------------
def eg_ref(yv, xv, trend='c', autolag='aic', maxlag=None, zWindow=None):
    yv = np.asarray(yv, float)
    xv = np.asarray(xv, float)
    n = len(yv)
    X = np.column_stack([np.ones(n), xv] + ([np.arange(1, n + 1, dtype=float)] if trend == 'ct' else []))
    res = sm.OLS(yv, X).fit()
    assert res.rsquared < 1 - 100 * math.sqrt(2 ** -52)
    e = res.resid
    ml = schwert(n, 0) if maxlag is None else maxlag
    al = {'aic': 'AIC', 'bic': 'BIC', 'none': None}[autolag]
    a = adfuller(e, maxlag=ml, regression='n', autolag=al)
    # The statsmodels coint call itself, to be sure the pieces above are what it does.
    c = coint(yv, xv, trend=trend, maxlag=ml, autolag=al)

    stat = float(a[0])
    pval = float(mackinnonp(stat, regression=trend, N=2))
    # statsmodels' coint (its own design matrix) agrees to ~2e-11 on the 2,500-day 'ct' case
    assert abs(c[0] - a[0]) <= 1e-10 * abs(a[0]) and abs(pval - c[1]) <= 1e-10, (name_hint[0], c[0], a[0])
    cv = mackinnoncrit(N=2, regression=trend, nobs=n - 1)
    # half-life regression
    de = np.diff(e)
    h = sm.OLS(de, sm.add_constant(e[:-1])).fit()
    b = float(h.params[1])
    hl = -math.log(2) / math.log(1 + b) if -1 < b < 0 else None
    w = n if zWindow is None else zWindow
    tail = e[-w:]
    sm_ = float(np.mean(tail))
    ss = float(np.std(tail, ddof=1))
    z = None if np.all(tail == tail[0]) else (float(e[-1]) - sm_) / ss
    return {'statistic': stat, 'pValue': pval, 'criticalValues': crit_obj(cv), 'usedLag': int(a[2]), 'maxLag': int(ml),
            'nobs': int(a[3]), 'alpha': float(res.params[0]), 'beta': float(res.params[1]),
            'trendSlope': float(res.params[2]) if trend == 'ct' else None, 'r2': float(res.rsquared), 'halfLife': hl,
            'arCoefficient': b, 'spreadLast': float(e[-1]), 'spreadMean': sm_, 'spreadStd': ss, 'zScore': z}


name_hint = [""]


def eg_case(name, yv, xv, **kw):
    name_hint[0] = name
    req = {'model': 'engleGranger', 'y': f(yv), 'x': f(xv)}
    req.update(kw)
    add('engleGranger: ' + name, req, eg_ref(yv, xv, **kw))


eg_case('log EUR/HKD on log EUR/USD, 2500 days', log_eurhkd, log_eurusd)
eg_case('log EUR/HKD on log EUR/USD, 2500 days, ct, zWindow 60', log_eurhkd, log_eurusd, trend='ct', zWindow=60)
eg_case('UST 10Y on 5Y, 1000 days, bic', ust10[:1000], ust5[:1000], autolag='bic')
eg_case('UST 10Y on 2Y, 500 days, none, maxlag 3', ust10[:500], ust2[:500], autolag='none', maxlag=3)
xw = np.cumsum(rng.normal(0, 1, 300))
yw = 2.0 + 0.8 * xw + ar1(300, 0.7, 0.5)
eg_case('synthetic cointegrated pair, n=300', yw, xw)
eg_case('synthetic cointegrated pair, n=300, ct, zWindow 20', yw, xw, trend='ct', zWindow=20)
xa, ya = np.cumsum(rng.normal(0, 1, 120)), np.cumsum(rng.normal(0, 1, 120))
eg_case('synthetic independent random walks, n=120', ya, xa)


# --- kalmanBeta -------------------------------------------------------------------------------
def kalman_ref(yv, xv, delta=1e-4, R=1e-3, b0=0.0, P0=1.0, intercept=False, a0=0.0):
    k = 2 if intercept else 1
    a = np.array([b0, a0][:k], float)
    P = P0 * np.eye(k)
    Q = delta / (1 - delta)
    llf = 0.0
    betas = []
    e = S = None
    for t in range(len(yv)):
        if t > 0:
            P = P + Q * np.eye(k)
        z = np.array([xv[t], 1.0][:k])
        e = yv[t] - z @ a
        S = z @ P @ z + R
        K = P @ z / S
        a = a + K * e
        P = P - np.outer(K, z @ P)
        llf += -(math.log(2 * math.pi) + math.log(S) + e * e / S) / 2
        betas.append(float(a[0]))
    # statsmodels' KalmanFilter with the known initialisation runs the same model: its output is
    # the reference, the direct recursion above must agree with it.
    kf = KalmanFilter(k_endog=1, k_states=k)
    kf.bind(np.asarray(yv, float))
    Z = np.zeros((1, k, len(yv)))
    Z[0, 0, :] = xv
    if intercept:
        Z[0, 1, :] = 1
    kf['design'] = Z
    kf['obs_cov'] = np.array([[R]])
    kf['transition'] = np.eye(k)
    kf['selection'] = np.eye(k)
    kf['state_cov'] = Q * np.eye(k)
    kf.initialize_known(np.array([b0, a0][:k], float), P0 * np.eye(k))
    r = kf.filter()
    out = {'beta': float(r.filtered_state[0, -1]), 'betaVariance': float(r.filtered_state_cov[0, 0, -1]),
           'alpha': float(r.filtered_state[1, -1]) if intercept else None,
           'alphaVariance': float(r.filtered_state_cov[1, 1, -1]) if intercept else None,
           'betas': f(r.filtered_state[0]), 'lastInnovation': float(r.forecasts_error[0, -1]),
           'lastInnovationVariance': float(r.forecasts_error_cov[0, 0, -1]), 'logLikelihood': float(r.llf_obs.sum())}
    mine = {'beta': float(a[0]), 'betaVariance': float(P[0, 0]), 'lastInnovation': float(e), 'lastInnovationVariance': float(S),
            'logLikelihood': llf}
    for key, v in mine.items():
        assert abs(v - out[key]) <= 1e-9 * max(abs(v), 1e-12), (key, v, out[key])
    assert np.allclose(betas, out['betas'], rtol=1e-9, atol=0)
    return out


add('kalmanBeta: log EUR/HKD on log EUR/USD, 500 days, defaults',
    {'model': 'kalmanBeta', 'y': f(log_eurhkd[:500]), 'x': f(log_eurusd[:500])}, kalman_ref(log_eurhkd[:500], log_eurusd[:500]))
add('kalmanBeta: UST 10Y on 5Y with intercept, 400 days',
    {'model': 'kalmanBeta', 'y': f(ust10[:400]), 'x': f(ust5[:400]), 'intercept': True, 'delta': 1e-5,
     'observationVariance': 1e-6, 'initialBeta': 1, 'initialVariance': 0.5, 'initialAlpha': 0.005},
    kalman_ref(ust10[:400], ust5[:400], 1e-5, 1e-6, 1.0, 0.5, True, 0.005))
add('kalmanBeta: synthetic, zero initial variance',
    {'model': 'kalmanBeta', 'y': f(yw[:100]), 'x': f(xw[:100]), 'initialVariance': 0, 'delta': 0.01, 'observationVariance': 0.25},
    kalman_ref(yw[:100], xw[:100], 0.01, 0.25, 0.0, 0.0))


# --- zScore -----------------------------------------------------------------------------------
def zscore_ref(x, window=None):
    x = np.asarray(x, float)
    n = len(x)
    w = n if window is None else window
    last = x[-w:]
    s = pd.Series(x)
    rm = s.rolling(w).mean()
    rs = s.rolling(w).std(ddof=1)
    zs = []
    for i in range(n):
        if i < w - 1:
            zs.append(None)
            continue
        win = x[i - w + 1:i + 1]
        if win.max() == win.min():
            zs.append(None)
        else:
            # the window's own mean and std (pandas' rolling sums are only the check)
            m, sd = float(np.mean(win)), float(np.std(win, ddof=1))
            assert abs(m - rm[i]) <= 1e-9 * max(1, abs(m)) and abs(sd - rs[i]) <= 1e-6 * sd
            zs.append((x[i] - m) / sd)
    m, sd = float(np.mean(last)), float(np.std(last, ddof=1))
    return {'zScore': (float(x[-1]) - m) / sd, 'mean': m, 'std': sd,
            'percentileRank': float(np.sum(last <= x[-1])) / w, 'zScores': zs}


add('zScore: log USD/HKD 300 days, window 60',
    {'model': 'zScore', 'series': f(log_usdhkd[:300]), 'window': 60}, zscore_ref(log_usdhkd[:300], 60))
add('zScore: UST 10Y 250 days, full window',
    {'model': 'zScore', 'series': f(ust10[:250])}, zscore_ref(ust10[:250]))
zs_flat = [1.0, 1.0, 1.0, 2.0, 1.5, 1.5, 1.5, 3.0]
add('zScore: steps with constant windows, window 3',
    {'model': 'zScore', 'series': zs_flat, 'window': 3}, zscore_ref(zs_flat, 3))


# --- ewmaVol ----------------------------------------------------------------------------------
def ewma_ref(r, lam=0.94, P=252):
    v = pd.Series(np.asarray(r, float) ** 2).ewm(alpha=1 - lam, adjust=True).mean().to_numpy()
    vols = np.sqrt(v)
    return {'vol': float(vols[-1]), 'annualVol': float(vols[-1] * math.sqrt(P)), 'vols': f(vols)}


r_hkd = np.diff(log_usdhkd[:501])
r_eur = np.diff(log_eurusd[:1001])
add('ewmaVol: USD/HKD log returns 500 days', {'model': 'ewmaVol', 'returns': f(r_hkd)}, ewma_ref(r_hkd))
add('ewmaVol: EUR/USD log returns 1000 days, lambda 0.97, 260 periods',
    {'model': 'ewmaVol', 'returns': f(r_eur), 'lambda': 0.97, 'periodsPerYear': 260}, ewma_ref(r_eur, 0.97, 260))
add('ewmaVol: one return', {'model': 'ewmaVol', 'returns': [0.01]}, ewma_ref([0.01]))


# --- performanceStats -------------------------------------------------------------------------
def perf_ref(equity=None, returns=None, P=252, rf=0.0):
    if equity is not None:
        E = np.asarray(equity, float)
        r = E[1:] / E[:-1] - 1
    else:
        r = np.asarray(returns, float)
        E = np.concatenate([[1.0], np.cumprod(1 + r)])
    N = len(r)
    rfp = (1 + rf) ** (1 / P) - 1
    x = r - rfp
    sx = np.std(x, ddof=1)
    dd = math.sqrt(np.sum(np.minimum(x, 0) ** 2) / N)
    peak = np.maximum.accumulate(E)
    ddv = 1 - E / peak
    mdd = float(np.max(ddv))
    # longest underwater spell
    longest = 0
    i = 0
    while i <= N:
        if E[i] < peak[i]:
            a = i
            while i <= N and E[i] < peak[a - 1]:
                i += 1
            longest = max(longest, (i if i <= N else N) - (a - 1))
        else:
            i += 1
    total = E[-1] / E[0] - 1
    cagr = (E[-1] / E[0]) ** (P / N) - 1
    s = pd.Series(r)
    pos, neg = r[r > 0], r[r < 0]
    nz = np.sum(r != 0)
    return {'periods': N, 'totalReturn': float(total), 'cagr': float(cagr), 'meanReturn': float(np.mean(r)),
            'annualVolatility': float(np.std(r, ddof=1) * math.sqrt(P)), 'sharpe': float(np.mean(x) / sx * math.sqrt(P)),
            'downsideDeviation': dd * math.sqrt(P), 'sortino': float(np.mean(x) / dd * math.sqrt(P)) if dd > 0 else None,
            'maxDrawdown': mdd, 'maxDrawdownDuration': int(longest), 'calmar': float(cagr / mdd) if mdd > 0 else None,
            'winRate': float(len(pos) / nz), 'profitFactor': float(np.sum(pos) / abs(np.sum(neg))) if len(neg) else None,
            'bestPeriod': float(np.max(r)), 'worstPeriod': float(np.min(r)), 'skew': float(s.skew()),
            'excessKurtosis': float(s.kurt())}


assert perf_ref(equity=[100, 90, 95, 100, 105])['maxDrawdownDuration'] == 3
assert perf_ref(equity=[100, 90, 95, 96, 97])['maxDrawdownDuration'] == 4
eq_cn = 1e6 * cn['CNY'].to_numpy()[:300] / cn['USD'].to_numpy()[:300]
add('performanceStats: equity = USD/CNY (as a CNY value of 1m USD), 300 days',
    {'model': 'performanceStats', 'equity': f(eq_cn)}, perf_ref(equity=eq_cn))
rr = rng.normal(0.0004, 0.01, 750)
add('performanceStats: synthetic returns, riskFree 2 %, 252',
    {'model': 'performanceStats', 'returns': f(rr), 'riskFree': 0.02}, perf_ref(returns=rr, rf=0.02))
add('performanceStats: worked example equity [100, 90, 95, 100, 105], 12 periods',
    {'model': 'performanceStats', 'equity': [100, 90, 95, 100, 105], 'periodsPerYear': 12},
    perf_ref(equity=[100, 90, 95, 100, 105], P=12))
add('performanceStats: monotone gains (no drawdown, no losses)',
    {'model': 'performanceStats', 'returns': [0.01, 0.02, 0.005, 0.03, 0.0]}, perf_ref(returns=[0.01, 0.02, 0.005, 0.03, 0.0]))
add('performanceStats: ends under water',
    {'model': 'performanceStats', 'equity': [100, 110, 90, 95, 80, 100, 105]}, perf_ref(equity=[100, 110, 90, 95, 80, 100, 105]))


# --- historicalVar ----------------------------------------------------------------------------
def var_ref(p, levels=(0.95, 0.99), lam=0.94):
    p = np.asarray(p, float)
    n = len(p)
    L = np.sort(-p)[::-1]
    mean, std = float(np.mean(p)), float(np.std(p, ddof=1))
    w = (1 - lam) * lam ** (n - np.arange(1, n + 1)) / (1 - lam ** n)
    es = math.sqrt(float(np.sum(w * p * p)))
    out = {'n': n, 'mean': mean, 'std': std, 'ewmaStd': es, 'varHistorical': [], 'esHistorical': [], 'varParametric': [],
           'esParametric': [], 'varEwma': [], 'esEwma': []}
    for c in levels:
        k = max(1, math.ceil(n * (1 - c) - 1e-9))
        z = stats.norm.ppf(c)
        ph = stats.norm.pdf(z)
        out['varHistorical'].append(float(L[k - 1]))
        out['esHistorical'].append(float(np.mean(L[:k])))
        out['varParametric'].append(float(z * std - mean))
        out['esParametric'].append(float(std * ph / (1 - c) - mean))
        out['varEwma'].append(float(z * es))
        out['esEwma'].append(float(es * ph / (1 - c)))
    return out


fx_rets = np.diff(np.log(cn[['GBP', 'CHF', 'JPY', 'AUD']].to_numpy()), axis=0)[:250]
positions = [2e6, -1e6, 1.5e6, 5e5]
add('historicalVar: 4-currency book on 250 ECB daily log returns',
    {'model': 'historicalVar', 'positions': positions, 'scenarioReturns': [f(row) for row in fx_rets]},
    var_ref(fx_rets @ np.array(positions)))
pnl500 = rng.standard_t(4, 500) * 1e5
add('historicalVar: 500 fat-tailed P&L, levels 0.95 0.99 0.975, lambda 0.97',
    {'model': 'historicalVar', 'pnl': f(pnl500), 'confidenceLevels': [0.95, 0.99, 0.975], 'ewmaLambda': 0.97},
    var_ref(pnl500, (0.95, 0.99, 0.975), 0.97))
add('historicalVar: two scenarios', {'model': 'historicalVar', 'pnl': [-5.0, 3.0]}, var_ref([-5.0, 3.0]))


# --- hedgeEffectiveness -----------------------------------------------------------------------
def hedge_ref(H, I, lower=0.8, upper=1.25, minR2=0.8):
    H, I = np.asarray(H, float), np.asarray(I, float)
    sH = float(np.sum(H))
    do = None if sH == 0 else -float(np.sum(I)) / sH
    per = [None if h == 0 else float(-i / h) for h, i in zip(H, I)]
    inr = sum(1 for v in per if v is not None and lower <= v <= upper)
    r = sm.OLS(I, sm.add_constant(H)).fit()
    slope, icpt, r2 = float(r.params[1]), float(r.params[0]), float(r.rsquared)
    return {'dollarOffset': do, 'dollarOffsetPass': 1 if do is not None and lower <= do <= upper else 0,
            'periodDollarOffsets': per, 'periodsInRange': inr, 'slope': slope, 'intercept': icpt, 'r2': r2,
            'regressionPass': 1 if r2 >= minR2 and -upper <= slope <= -lower else 0,
            'varianceReduction': float(1 - np.var(H + I, ddof=1) / np.var(H, ddof=1))}


# A 10m USD/HKD-like item hedged with EUR/USD-derived instrument: monthly value changes
Hm = 1e7 * np.diff(log_eurhkd[:260:20])
Im = -1e7 * np.diff(log_eurusd[:260:20])
add('hedgeEffectiveness: EUR/HKD exposure hedged with EUR/USD, 12 four-weekly periods',
    {'model': 'hedgeEffectiveness', 'hedgedItem': f(Hm), 'hedgingInstrument': f(Im)}, hedge_ref(Hm, Im))
Hs = rng.normal(0, 1e5, 24)
Is = -0.95 * Hs + rng.normal(0, 2e4, 24)
Hs[5] = 0.0
add('hedgeEffectiveness: synthetic 24 periods with a zero item change, band 0.85-1.2, minR2 0.9',
    {'model': 'hedgeEffectiveness', 'hedgedItem': f(Hs), 'hedgingInstrument': f(Is), 'lower': 0.85, 'upper': 1.2, 'minR2': 0.9},
    hedge_ref(Hs, Is, 0.85, 1.2, 0.9))
add('hedgeEffectiveness: item sums to zero',
    {'model': 'hedgeEffectiveness', 'hedgedItem': [1.0, -2.0, 1.0], 'hedgingInstrument': [-1.0, 2.5, -0.9]},
    hedge_ref([1.0, -2.0, 1.0], [-1.0, 2.5, -0.9]))


# --- portfolioOptimize ------------------------------------------------------------------------
def kkt_polish(H, g, E, e, G, h, z0, tol=1e-7):
    """min z'Hz/2 + g'z s.t. E z = e, G z <= h: solves the active set of z0 exactly, checks KKT."""
    active = np.where(np.abs(G @ z0 - h) <= tol * (1 + np.abs(h)))[0]
    A = np.vstack([E, G[active]]) if len(active) else E
    b = np.concatenate([e, h[active]])
    n, q = H.shape[0], A.shape[0]
    K = np.block([[H, A.T], [A, np.zeros((q, q))]])
    sol = np.linalg.lstsq(K, np.concatenate([-g, b]), rcond=None)[0]
    z, lam = sol[:n], sol[n:]
    mu_ineq = lam[len(e):]
    assert np.all(mu_ineq >= -1e-9 * (1 + np.max(np.abs(lam)))), ('negative multiplier', mu_ineq)
    assert np.all(G @ z - h <= 1e-12 * (1 + np.abs(h))), 'infeasible'
    assert np.allclose(E @ z, e, atol=1e-12)
    return z


def solve_qp(S, mu, lo, hi, target=None):
    m = len(S)
    cons = [{'type': 'eq', 'fun': lambda w: np.sum(w) - 1, 'jac': lambda w: np.ones(m)}]
    if target is not None:
        cons.append({'type': 'eq', 'fun': lambda w: mu @ w - target, 'jac': lambda w: mu})
    w0 = np.clip(np.full(m, 1 / m), lo, hi)
    r = optimize.minimize(lambda w: w @ S @ w, w0, jac=lambda w: 2 * S @ w, bounds=list(zip(lo, hi)), constraints=cons,
                          method='SLSQP', options={'ftol': 1e-16, 'maxiter': 2000})
    E = np.vstack([np.ones(m)] + ([mu] if target is not None else []))
    e = np.array([1.0] + ([target] if target is not None else []))
    G = np.vstack([np.eye(m), -np.eye(m)])
    hh = np.concatenate([hi, -lo])
    return kkt_polish(2 * S, np.zeros(m), E, e, G, hh, r.x)


def solve_max_sharpe(S, mu, lo, hi, rf):
    m = len(S)
    ex = mu - rf
    # z = (y, kappa): min y'Sy s.t. ex'y = 1, sum y - kappa = 0, lo kappa <= y <= hi kappa, kappa >= 0
    H = np.zeros((m + 1, m + 1))
    H[:m, :m] = 2 * S
    E = np.vstack([np.concatenate([ex, [0]]), np.concatenate([np.ones(m), [-1]])])
    e = np.array([1.0, 0.0])
    G = np.vstack([np.hstack([np.eye(m), -hi[:, None]]), np.hstack([-np.eye(m), lo[:, None]]),
                   np.concatenate([np.zeros(m), [-1]])[None, :]])
    hh = np.zeros(2 * m + 1)
    # start: SLSQP on the Sharpe ratio itself, mapped to (y, kappa)
    w0 = np.clip(np.full(m, 1 / m), lo, hi)
    r = optimize.minimize(lambda w: -(mu @ w - rf) / math.sqrt(w @ S @ w), w0, bounds=list(zip(lo, hi)),
                          constraints=[{'type': 'eq', 'fun': lambda w: np.sum(w) - 1}], method='SLSQP',
                          options={'ftol': 1e-16, 'maxiter': 2000})
    w = r.x
    kappa = 1 / (ex @ w)
    z = kkt_polish(H, np.zeros(m + 1), E, e, G, hh, np.concatenate([w * kappa, [kappa]]))
    return z[:m] / z[m]


def risk_parity(S, b):
    y = 1 / np.sqrt(np.diag(S))
    for _ in range(200):
        g = S @ y - b / y
        Hs = S + np.diag(b / y ** 2)
        step = np.linalg.solve(Hs, g)
        t = 1.0
        while np.any(y - t * step <= 0):
            t /= 2
        y = y - t * step
        if np.max(np.abs(step / y)) < 1e-16:
            break
    w = y / np.sum(y)
    rc = w * (S @ w) / (w @ S @ w)
    assert np.allclose(rc, b, atol=1e-13), rc - b
    return w


def port_ref(objective, S, mu=None, rf=0.0, bounds=(0.0, 1.0), target=None, budgets=None):
    S = np.asarray(S, float)
    m = len(S)
    bd = np.asarray(bounds, float)
    lo, hi = (np.full(m, bd[0]), np.full(m, bd[1])) if bd.ndim == 1 else (bd[:, 0], bd[:, 1])
    if objective == 'minVariance':
        w = solve_qp(S, mu, lo, hi)
    elif objective == 'targetReturn':
        w = solve_qp(S, mu, lo, hi, target)
    elif objective == 'maxSharpe':
        w = solve_max_sharpe(S, mu, lo, hi, rf)
    else:
        b = np.full(m, 1 / m) if budgets is None else np.asarray(budgets, float) / np.sum(budgets)
        w = risk_parity(S, b)
    var = w @ S @ w
    er = None if mu is None else float(mu @ w)
    vol = math.sqrt(var)
    return {'weights': f(w), 'expectedReturn': er, 'volatility': vol,
            'sharpe': None if er is None else (er - rf) / vol, 'riskContributions': f(w * (S @ w) / var)}


def port_case(name, req, **kw):
    if 'returns' in req:
        R = np.asarray(req['returns'], float)
        P = req.get('periodsPerYear', 252)
        S = np.cov(R, rowvar=False, ddof=1) * P
        mu = R.mean(axis=0) * P
    else:
        S = np.asarray(req['covariance'], float)
        mu = None if 'expectedReturns' not in req else np.asarray(req['expectedReturns'], float)
    add('portfolioOptimize: ' + name, dict(model='portfolioOptimize', **req),
        port_ref(req['objective'], S, mu, req.get('riskFree', 0.0), req.get('bounds', [0.0, 1.0]), req.get('targetReturn'),
                 req.get('riskBudgets')))


# Ten currencies against the euro, ECB daily log returns of 2019-2020
cur_rets = np.diff(np.log(cn[['USD', 'GBP', 'CHF', 'JPY', 'AUD', 'CAD', 'SEK', 'NOK']].to_numpy()), axis=0)[:300]
R8 = [f(row) for row in cur_rets]
port_case('8 ECB currencies, returns, minVariance', {'objective': 'minVariance', 'returns': R8})
port_case('8 ECB currencies, returns, riskParity', {'objective': 'riskParity', 'returns': R8})
port_case('8 ECB currencies, returns, minVariance, bounds 0.05-0.3', {'objective': 'minVariance', 'returns': R8, 'bounds': [0.05, 0.3]})


def factor_cov(m, seed_shift=0):
    B = rng.normal(0, 1, (m, 3)) * np.array([0.15, 0.08, 0.05])
    D = np.diag(rng.uniform(0.05, 0.3, m) ** 2)
    return B @ B.T + D


S50 = factor_cov(50)
mu50 = rng.uniform(0.01, 0.12, 50)
C50 = [f(row) for row in S50]
port_case('50 assets, minVariance', {'objective': 'minVariance', 'covariance': C50, 'expectedReturns': f(mu50)})
port_case('50 assets, maxSharpe, riskFree 2 %', {'objective': 'maxSharpe', 'covariance': C50, 'expectedReturns': f(mu50), 'riskFree': 0.02})
port_case('50 assets, targetReturn 8 %', {'objective': 'targetReturn', 'covariance': C50, 'expectedReturns': f(mu50), 'targetReturn': 0.08})
port_case('50 assets, riskParity, budgets 1..50', {'objective': 'riskParity', 'covariance': C50, 'riskBudgets': f(np.arange(1, 51))})
S6 = factor_cov(6)
mu6 = np.array([0.03, 0.05, 0.07, 0.09, 0.04, 0.06])
C6 = [f(row) for row in S6]
port_case('6 assets, maxSharpe, per-asset bounds',
          {'objective': 'maxSharpe', 'covariance': C6, 'expectedReturns': f(mu6), 'riskFree': 0.01,
           'bounds': [[0, 0.3], [0.05, 0.4], [0, 0.25], [0.1, 0.5], [0, 1], [0, 0.2]]})
port_case('6 assets, targetReturn 5 %, bounds 0-0.4',
          {'objective': 'targetReturn', 'covariance': C6, 'expectedReturns': f(mu6), 'targetReturn': 0.05, 'bounds': [0, 0.4]})
port_case('6 assets, minVariance, no expected returns', {'objective': 'minVariance', 'covariance': C6})
port_case('6 assets, riskParity with budgets within bounds',
          {'objective': 'riskParity', 'covariance': C6, 'expectedReturns': f(mu6), 'riskBudgets': [1, 2, 3, 1, 2, 3], 'bounds': [0.01, 0.6]})

json.dump({'generator': 'scripts/analytics-reference.py',
           'versions': {'statsmodels': statsmodels.__version__, 'scipy': scipy.__version__, 'pandas': pd.__version__,
                        'numpy': np.__version__},
           'cases': cases}, sys.stdout, separators=(',', ':'), allow_nan=False)
sys.stdout.write('\n')
