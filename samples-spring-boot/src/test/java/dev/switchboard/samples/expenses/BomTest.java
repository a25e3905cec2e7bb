package dev.switchboard.samples.expenses;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * This module's pom is an application's: Spring Boot's parent and {@code switchboard-bom}. The
 * build check that Boot's dependency management does not pin Jackson below what Switchboard is
 * built with, and that the BOM keeps up with the build (its Jackson, every published module).
 */
class BomTest {
    private static final Path ROOT = Path.of("..");

    @Test
    void springBootsManagementDoesNotDowngradeJacksonUnderTheBom() throws Exception {
        String bomJackson = property(pom(ROOT.resolve("bom/pom.xml")), "jackson.version");
        assertEquals(
                bomJackson,
                tools.jackson.databind.cfg.PackageVersion.VERSION.toString(),
                "the Jackson on an application's classpath under spring-boot-starter-parent + switchboard-bom");
        assertEquals(
                property(pom(ROOT.resolve("pom.xml")), "jackson.version"),
                bomJackson,
                "switchboard-bom names the Jackson the build uses");
    }

    @Test
    void theBomNamesEveryPublishedModuleAtTheBuildsVersion() throws Exception {
        Document parent = pom(ROOT.resolve("pom.xml"));
        String version = child(parent.getDocumentElement(), "version").getTextContent();
        Document bom = pom(ROOT.resolve("bom/pom.xml"));
        assertEquals(version, child(bom.getDocumentElement(), "version").getTextContent());
        Set<String> published = new TreeSet<>();
        NodeList modules = parent.getElementsByTagName("module");
        for (int i = 0; i < modules.getLength(); i++) {
            Path module = ROOT.resolve(modules.item(i).getTextContent().trim()).resolve("pom.xml");
            Document pom = pom(module);
            String skip = property(pom, "maven.deploy.skip");
            String packaging = text(pom.getDocumentElement(), "packaging");
            String artifact = child(pom.getDocumentElement(), "artifactId").getTextContent();
            if (!"true".equals(skip) && !"pom".equals(packaging)) {
                published.add(artifact);
            }
        }
        Set<String> managed = new TreeSet<>();
        for (Element d : dependencies(bom)) {
            if (text(d, "groupId").equals("dev.switchboard")) {
                managed.add(text(d, "artifactId"));
                assertEquals("${project.version}", text(d, "version"), text(d, "artifactId"));
            }
        }
        assertTrue(published.size() >= 10, published::toString);
        assertEquals(published, managed, "switchboard-bom's modules");
    }

    private static Document pom(Path file) throws Exception {
        assertTrue(Files.exists(file), file::toString);
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    }

    private static String property(Document pom, String name) {
        Element props = child(pom.getDocumentElement(), "properties");
        return props == null ? null : text(props, name);
    }

    private static List<Element> dependencies(Document pom) {
        Element management = child(pom.getDocumentElement(), "dependencyManagement");
        List<Element> out = new ArrayList<>();
        NodeList list = child(management, "dependencies").getChildNodes();
        for (int i = 0; i < list.getLength(); i++) {
            if (list.item(i) instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }

    /** A direct child element, or null. */
    private static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? null : e.getTextContent().trim();
    }
}
