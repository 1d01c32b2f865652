// English strings of the backoffice screens (the 'backoffice' namespace, registered when the area loads).
export const backofficeEn = {
  title: 'Backoffice',
};

export type BackofficeResources = typeof backofficeEn;
