"""The renderer: template.pptx + data -> pptx (package / locate / fill / assemble)."""
