/** Step traces: the verdict, the violations, steps with calls, evidence and claims. */
import type { StepTraceReport } from '../../formats/step-trace/types';
import { strings, type ArgsValidator } from './validators';

export interface StepTraceDocument {
  key: string;
  report: StepTraceReport | null;
  error: string | null;
}

export interface StepTraceService {
  report(key: string): Promise<StepTraceDocument>;
}

export const STEP_TRACE_METHOD_ARGS: {
  [M in keyof StepTraceService]: ArgsValidator<Parameters<StepTraceService[M]>>;
} = {
  report: strings(1) as ArgsValidator<[string]>,
};
