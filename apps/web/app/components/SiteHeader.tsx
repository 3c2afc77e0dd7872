import { Link, NavLink } from 'react-router';

const nav = [
  { to: '/', label: 'HOME' },
  { to: '/#collections', label: 'COLLECTIONS' },
  { to: '/about', label: 'ABOUT' },
  { to: '/contact', label: 'CONTACT' },
];

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-black/10 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-4">
        <Link to="/" className="text-2xl font-black tracking-tight" aria-label="Rangrez home">
          RANGREZ<span className="text-accent">.</span>
        </Link>
        <nav aria-label="Main">
          <ul className="flex items-center gap-5 text-sm font-semibold tracking-wide">
            {nav.map((item) => (
              <li key={item.label}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    `border-b-2 py-1 ${isActive && !item.to.includes('#') ? 'border-accent' : 'border-transparent hover:border-black/40'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
