// The rate curve engine's public surface (what the rate screens build on). See README.md.
export { DiscountCurve, curveTime, type YieldCurve, type CurveInterpolation, CURVE_INTERPOLATIONS } from './discount-curve';
export { CurveBootstrap, bootstrapCurve, type CurveInstrument, type BootstrapInput } from './bootstrap';
export {
  INDEX_CONVENTIONS, RATE_INDICES, type RateIndexId, type RateIndexConvention, indexConvention, calendarLookup, spotDate, conventionSwap,
} from './conventions';
export {
  type CurveDefinition, type CurveInstrumentSpec, type BuiltCurve, type BuiltCurveInstrument, type CurveNode,
  curveDefinitionSchema, parseCurveDefinition, rolledForward, buildCurve, buildCurveSet, rebuildCurve, solveCurves, curveChain, sampleCurve,
} from './curve-definition';
export { curveMove, curvePca, type CurveMove, type CurvePca, type PcaComponent } from './curve-analysis';
export { bootstrapJacobian } from './jacobian';
export { SAMPLE_CURVES, SAMPLE_AS_OF, SAMPLE_SOURCE } from './sample-curves';
