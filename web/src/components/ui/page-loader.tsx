import './page-loader.css';

/** Fallback while a lazily loaded page (or the session) is on its way. */
export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
