import './spinner.css';

export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
