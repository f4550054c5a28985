export {
  Welcome,
  WelcomeAction,
  type WelcomeActionProps,
  type WelcomeProps,
  WelcomeRoot,
  type WelcomeStatus,
} from './Welcome.js';
