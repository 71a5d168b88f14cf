import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Not found — Lumcast' };

/**
 * The page for any address the dashboard does not have (the static export's `404.html`). Next's
 * own not-found page is styled with a `<style>` element and `style` attributes, which the
 * dashboard's Content-Security-Policy (no inline style) refuses; this one uses the stylesheet.
 */
export default function NotFound() {
  return (
    <main id="main" className="main">
      <section className="panel">
        <h1>Page not found</h1>
        <p className="muted">There is nothing at this address.</p>
        <p>
          <a href="/">Back to the dashboard</a>
        </p>
      </section>
    </main>
  );
}
