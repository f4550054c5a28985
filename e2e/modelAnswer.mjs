/** The answer the stand-in model (model.mjs) writes, a few words at a time; tests read it too. */
export const MODEL_ANSWER =
  'Shipping is **free from 50 EUR**; below that it costs 4.90 EUR. Orders leave the warehouse within two working days, and the tracking link arrives by e-mail. Anything else?';
