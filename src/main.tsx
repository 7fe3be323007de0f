import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './app/radix-themes.css';
import './styles/app.css';
import { AppProviders } from './app/AppProviders';
import { startOfflineLayer } from './app/offline-layer';
import { createAppRouter } from './app/router';

// Before the first render: install offers, connectivity and request failures are heard from the start.
startOfflineLayer();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
