/** The answer the stand-in model (model.mjs) writes: see modelAnswer.mjs. */
export declare const MODEL_ANSWER: string;
