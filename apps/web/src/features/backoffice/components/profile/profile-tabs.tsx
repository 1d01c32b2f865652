// The tabs of a profile, each its own route (/info, /documents, /verification_timeline): choosing a
// tab changes the address, so reload and Back keep it.
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export type ProfileTab = 'info' | 'documents' | 'timeline';

export type ProfileTabsProps = {
  active: ProfileTab;
  tabs: { value: ProfileTab; href: string }[];
  children: ReactNode;
};

export function ProfileTabs({ active, tabs, children }: ProfileTabsProps) {
  const { t } = useTranslation('backoffice');
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        const tab = tabs.find((candidate) => candidate.value === value);
        if (tab) void navigate(tab.href);
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label={t('profile.tabs.label')} mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {t(`profile.tabs.${tab.value}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.value === active ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
