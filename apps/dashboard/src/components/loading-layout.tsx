import { PanelSkeleton } from './panel';

/**
 * The dashboard's two columns as skeletons, while the config or the session loads.
 */
export function LoadingLayout(props: { label: string }) {
  return (
    <div className="grid" aria-busy="true">
      <div className="grid__column">
        <section className="panel">
          <PanelSkeleton lines={4} label={props.label} />
        </section>
      </div>
      <div className="grid__column">
        <section className="panel">
          <PanelSkeleton lines={6} label={props.label} />
        </section>
      </div>
    </div>
  );
}
