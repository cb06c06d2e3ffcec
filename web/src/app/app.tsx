import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { routes } from './router';

// Created once at module load, outside React, as react-router recommends.
const browserRouter = createBrowserRouter(routes);

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={browserRouter} />
    </AppProvider>
  );
}
