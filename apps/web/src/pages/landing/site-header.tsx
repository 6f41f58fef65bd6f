// The header of the public pages (product-spec.md section 2): the section menu, Login, and under
// 769px a hamburger that opens the menu as a panel, closed by Escape or a press outside. On the
// landing the links are in-page anchors; on /tos and /privacy they lead back to them.
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../components/brand';
import { scrollToSection } from './scroll-to-section';
import { SECTION_LINKS, type SectionId } from './site-content';
import { useDismiss } from './use-dismiss';
import { useScrolled } from './use-scrolled';

interface SiteHeaderProps {
  /** true on the landing itself, where the menu scrolls instead of navigating. */
  onLanding: boolean;
}

export function SiteHeader({ onLanding }: SiteHeaderProps) {
  const [open, setOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const scrolled = useScrolled();

  useDismiss(open, header, (reason) => {
    setOpen(false);
    // Escape leaves focus where the menu was opened; a press elsewhere puts it where it pressed.
    if (reason === 'escape') toggle.current?.focus();
  });

  const solid = scrolled || open || !onLanding;
  return (
    <header ref={header} className={`site-header${solid ? ' site-header--solid' : ''}`}>
      {/* The toggle comes before the menu it opens, so Tab reaches the links right after it; CSS
          shows it at the end of the bar. */}
      <div className="site-header__bar">
        <Brand />
        <button
          ref={toggle}
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((current) => !current)}
        >
          <span className="site-header__toggle-bars" aria-hidden="true" />
        </button>
        <nav id={menuId} className={`site-nav${open ? ' site-nav--open' : ''}`} aria-label="Menu">
          <ul className="site-nav__list">
            {SECTION_LINKS.map(({ id, label }) => (
              <li key={id}>
                <SectionLink id={id} onLanding={onLanding} onFollow={() => setOpen(false)}>
                  {label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/login" className="button button--accent site-header__login">
          Login
        </Link>
      </div>
    </header>
  );
}

interface SectionLinkProps {
  id: SectionId;
  onLanding: boolean;
  onFollow: () => void;
  children: string;
}

function SectionLink({ id, onLanding, onFollow, children }: SectionLinkProps) {
  if (onLanding) {
    return (
      <a
        className="site-nav__link"
        href={`#${id}`}
        onClick={(event) => {
          // Scrolled here rather than by the browser, so the address and the router stay put.
          event.preventDefault();
          onFollow();
          scrollToSection(id);
        }}
      >
        {children}
      </a>
    );
  }
  return (
    <Link className="site-nav__link" to={`/#${id}`} onClick={onFollow}>
      {children}
    </Link>
  );
}
