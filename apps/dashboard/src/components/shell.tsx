/**
 * The page frame: skip link, top bar (brand and the identity slot) and the main landmark.
 */
export function Shell(props: { identity?: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to the dashboard
      </a>
      <header className="topbar">
        <div className="topbar__brand">
          <span className="topbar__logo" aria-hidden="true">
            ◉
          </span>
          <h1>Lumcast</h1>
        </div>
        <div className="topbar__identity">{props.identity}</div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {props.children}
      </main>
    </>
  );
}
