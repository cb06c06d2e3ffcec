import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { paths } from '@/config/paths';
import { PasswordForm, ProfileForm } from '@/features/account/account-public';
import './account-settings.css';

const TABS = [
  { id: 'profile', label: 'Profile Information' },
  { id: 'password', label: 'Change Password' },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** The admin's account settings: two tabs (WAI-ARIA tabs: arrows move between them). */
export function AccountSettings() {
  const [active, setActive] = useState<TabId>('profile');
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    setActive(tab.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="account-settings">
      <div className="account-settings__tabs" role="tablist" aria-label="Account settings">
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}-tab`}
            aria-selected={active === tab.id}
            aria-controls={`${baseId}-${tab.id}-panel`}
            tabIndex={active === tab.id ? 0 : -1}
            className="account-settings__tab"
            onClick={() => setActive(tab.id)}
            onKeyDown={(event) => handleKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-${tab.id}-panel`}
          aria-labelledby={`${baseId}-${tab.id}-tab`}
          hidden={active !== tab.id}
        >
          {active === tab.id &&
            (tab.id === 'profile' ? <ProfileForm signInPath={paths.adminLogin.path} /> : <PasswordForm />)}
        </div>
      ))}
    </div>
  );
}
