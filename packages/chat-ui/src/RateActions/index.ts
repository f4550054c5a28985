export { type Rate, RateActions, type RateActionsProps } from './RateActions.js';
