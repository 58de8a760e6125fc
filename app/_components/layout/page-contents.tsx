/**
 * "On this page": links to a long page's sections, first thing under its title, so a phone reader
 * sees what is below and can jump there instead of scrolling through it.
 */
export function PageContents({ label, items }: { label: string; items: { href: string; label: string }[] }) {
  return (
    <nav className="page-contents" aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <a href={item.href}>{item.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
