import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from './chunks.js';

export interface ChunkErrorBoundaryProps {
  /** Translates the shell's strings (errors.chunkTitle, errors.chunkBody, errors.reload). */
  t: (key: string) => string;
  /** What a retry does. Default: reload the page (unsent messages are kept in storage). */
  onRetry?: () => void;
  children?: ReactNode;
}

/**
 * The catalogue's English texts of this message, for a page whose language pack is the part that
 * could not be downloaded: a visitor sees words, never keys.
 */
export const CHUNK_ERROR_ENGLISH: Readonly<Record<string, string>> = {
  'errors.chunkTitle': 'Part of the page could not be loaded',
  'errors.chunkBody': 'Check your connection, then reload the page.',
  'errors.reload': 'Reload',
};

interface State {
  failed: boolean;
}

/**
 * Catches a part of the app that could not be downloaded (spec section 8: 'Loading chunk failed',
 * 'Loading CSS chunk failed') and shows a clear message with a retry instead of a blank page.
 * Any other error is not its business and is rethrown to the boundary above.
 */
export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State | null {
    if (!isChunkLoadError(error)) throw error;
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn('[parley] a part of the page could not be loaded', error, info.componentStack);
  }

  private readonly retry = () => {
    if (this.props.onRetry) {
      this.setState({ failed: false });
      this.props.onRetry();
    } else {
      window.location.reload();
    }
  };

  override render() {
    const { children } = this.props;
    if (!this.state.failed) return children;
    const t = (key: string) => {
      const text = this.props.t(key);
      return text === key ? (CHUNK_ERROR_ENGLISH[key] ?? key) : text;
    };
    return (
      <div className="visitor-chunk-error" role="alert">
        <h2>{t('errors.chunkTitle')}</h2>
        <p>{t('errors.chunkBody')}</p>
        <button type="button" onClick={this.retry}>
          {t('errors.reload')}
        </button>
      </div>
    );
  }
}
