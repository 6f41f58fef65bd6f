// The eyebrow, title and lead paragraph that open each section of the landing.
interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  align?: 'center' | 'start';
}

export function SectionHeading({ id, eyebrow, title, lead, align = 'center' }: SectionHeadingProps) {
  return (
    <div className={`section-heading section-heading--${align}`}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="section-heading__title">
        {title}
      </h2>
      {lead && <p className="section-heading__lead">{lead}</p>}
    </div>
  );
}
