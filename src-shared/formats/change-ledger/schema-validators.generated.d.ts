// Types of schema-validators.generated.js (ajv standalone code; see schema-validators.test.ts).
import type { ValidateFunction } from 'ajv';

export declare const validateChangeEvent: ValidateFunction;
export declare const validateSnapshot: ValidateFunction;
