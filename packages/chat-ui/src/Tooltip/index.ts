export { TOOLTIP_CLOSE_DELAY, TOOLTIP_OPEN_DELAY, Tooltip, type TooltipProps } from './Tooltip.js';
