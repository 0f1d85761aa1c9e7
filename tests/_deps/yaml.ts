// Test only, pinned: reads the vendored ircdocs parser tests as they are published.
export * from "npm:yaml@2.9.1";
