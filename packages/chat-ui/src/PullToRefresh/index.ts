export { PullToRefresh, type PullToRefreshProps } from './PullToRefresh.js';
export {
  PULL_LOADING,
  PULL_MAX,
  PULL_RATIO,
  PULL_TRIGGER,
  type PullState,
  pullDistance,
  pullStateFor,
  type UsePullToRefreshOptions,
  usePullToRefresh,
} from './usePullToRefresh.js';
