import { NavLink } from 'react-router';
import { BarChart3, House, Trophy, User } from 'lucide-react';

const TABS = [
  { to: '/', label: 'Home', icon: House, end: true },
  { to: '/analysis', label: 'Analysis', icon: BarChart3, end: false },
  { to: '/leaderboard', label: 'Leaderboard', icon: Trophy, end: false },
  { to: '/profile', label: 'Profile', icon: User, end: false },
] as const;

export function TabBar() {
  return (
    <nav className="sf-tabs" aria-label="Main">
      {TABS.map(({ to, label, icon: Icon, end }) => (
        <NavLink key={to} to={to} end={end} className={({ isActive }) => `sf-tab${isActive ? ' sf-tab--active' : ''}`}>
          <span className="sf-tab__icon" aria-hidden>
            <Icon size={20} />
          </span>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
