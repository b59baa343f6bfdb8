import { Component, type ReactNode } from 'react';
import { Translation } from 'react-i18next';
import { removeFirstView } from '../lib/first-view';

type Props = { children: ReactNode; resetKey?: string };
type State = { error: Error | null; resetKey?: string };

/**
 * Catches render errors below it, chiefly a lazy page chunk that failed to
 * download, and offers a reload instead of a blank screen.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  componentDidCatch(): void {
    // A server-painted first view must not hide the error (see lib/first-view.ts).
    removeFirstView();
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <div className="card narrow" role="alert">
            <p>{t('errors.chunk')}</p>
            <button type="button" className="button" onClick={() => window.location.reload()}>
              {t('errors.retry')}
            </button>
          </div>
        )}
      </Translation>
    );
  }
}
