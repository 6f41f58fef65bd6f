// The FAQ (product-spec.md section 2): six accordions, one open at a time, each answer at most
// 200px tall (it scrolls beyond). The buttons say whether their answer is open; a closed answer
// stays in the page, hidden by CSS, so opening and closing can slide.
import { useId, useState } from 'react';
import { FAQ_ITEMS } from './faq-items';
import { SectionHeading } from './section-heading';

export function FaqSection() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();

  return (
    <section id="faq" className="section section--page" aria-labelledby="faq-title">
      <div className="section__inner section__inner--narrow">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="faq">
          {FAQ_ITEMS.map((item, index) => {
            const expanded = open === index;
            const buttonId = `${baseId}-question-${index}`;
            const panelId = `${baseId}-answer-${index}`;
            return (
              <div key={item.question} className={`faq__item${expanded ? ' faq__item--open' : ''}`}>
                <h3 className="faq__heading">
                  <button
                    id={buttonId}
                    type="button"
                    className="faq__question"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : index)}
                  >
                    <span>{item.question}</span>
                    <span className="faq__chevron" aria-hidden="true" />
                  </button>
                </h3>
                <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer">
                  <p>{item.answer}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
