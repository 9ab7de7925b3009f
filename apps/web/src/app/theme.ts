import type { ThemeConfig } from 'antd';

export const PRIMARY_COLOR = '#106898';
export const BACKGROUND_COLOR = '#f3f1f1';

export const theme: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOR, colorInfo: PRIMARY_COLOR, colorLink: PRIMARY_COLOR, borderRadius: 6 },
  components: {
    Layout: { bodyBg: BACKGROUND_COLOR, headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 24px' },
  },
};
