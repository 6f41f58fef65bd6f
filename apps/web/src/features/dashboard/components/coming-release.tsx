// The view of a section whose screens arrive with a later release (process monitoring): it says
// so plainly rather than showing invented data. The top bar names the section.
export function ComingRelease() {
  return (
    <section className="card view-notice" aria-label="Sezione in arrivo">
      <svg
        viewBox="0 0 24 24"
        width="40"
        height="40"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </svg>
      <p className="view-notice__text view-notice__text--quiet">
        Questa sezione arriva con una prossima versione della piattaforma.
      </p>
    </section>
  );
}
