export {
  type ComponentEntry,
  type ComponentLoaderCode,
  ComponentLoaderError,
  ComponentsProvider,
  type ComponentsProviderProps,
  LazyComponent,
  type LazyComponentProps,
} from './ComponentLoader.js';
